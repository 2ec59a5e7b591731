import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { idParams } from "@/lib/surfaces/api/params";
import { confirmImport } from "@/lib/domain/imports/confirm-import";
import { importSchema } from "@/lib/domain/imports/view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  POST: defineRoute(
    {
      scope: "migration:write",
      schemas: { params: idParams },
      status: 202,
      operation: {
        id: "runImport",
        summary: "Run a previewed import",
        description: "Queues the run. Refused with 403 `PLAN_LIMIT` when the preview found more than the plan allows, and 409 `CONFLICT` while another import of the workspace is queued or running.",
        response: importSchema,
        errors: ["NOT_FOUND", "CONFLICT", "PLAN_LIMIT"],
      },
    },
    async ({ params }, ctx) => ({ data: await confirmImport(ctx, params.id) }),
  ),
});
