import { z } from "zod";
import { apiRoutes, defineRoute, type ApiContext } from "@/lib/surfaces/api/define-route";
import { idParams } from "@/lib/surfaces/api/params";
import { cancelMaintenance } from "@/lib/domain/status/cancel-maintenance";
import { getMaintenanceOrThrow } from "@/lib/domain/status/get-maintenance";
import { maintenanceSchema } from "@/lib/domain/status/maintenance-view";

const currentWindow = ({ params }: { params: { id: string } }, ctx: ApiContext) => getMaintenanceOrThrow(ctx.db, params.id);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineRoute(
    { scope: "status:read", schemas: { params: idParams }, operation: { id: "getMaintenance", summary: "Get a maintenance window", response: maintenanceSchema } },
    async (input, ctx) => ({ data: await currentWindow(input, ctx) }),
  ),
  DELETE: defineRoute(
    {
      scope: "status:write",
      schemas: { params: idParams },
      operation: {
        id: "cancelMaintenance",
        summary: "Call off an upcoming maintenance window",
        description: "Only before it starts (409 after: end a running one with `POST …/end`).",
        response: z.strictObject({ id: z.string() }).meta({ id: "CancelledMaintenance" }),
        errors: ["CONFLICT"],
      },
      current: currentWindow,
    },
    async ({ params }, ctx) => ({ data: await cancelMaintenance(ctx, params.id) }),
  ),
});
