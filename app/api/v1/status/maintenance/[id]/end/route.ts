import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { idParams } from "@/lib/surfaces/api/params";
import { endMaintenance } from "@/lib/domain/status/end-maintenance";
import { maintenanceSchema } from "@/lib/domain/status/maintenance-view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  POST: defineRoute(
    {
      scope: "status:write",
      schemas: { params: idParams },
      operation: { id: "endMaintenance", summary: "End a running maintenance window now", description: "Only while it runs (409 otherwise).", response: maintenanceSchema, errors: ["CONFLICT"] },
    },
    async ({ params }, ctx) => ({ data: await endMaintenance(ctx, params.id) }),
  ),
});
