import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { idParams } from "@/lib/surfaces/api/params";
import { undoImport } from "@/lib/domain/imports/undo-import";
import { importSchema } from "@/lib/domain/imports/view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  POST: defineRoute(
    {
      scope: "migration:write",
      schemas: { params: idParams },
      operation: {
        id: "undoImport",
        summary: "Undo a completed import",
        description: "Deletes exactly what the import created (votes and comments with their posts), for 24 hours after it finished.",
        response: importSchema,
        errors: ["NOT_FOUND", "CONFLICT"],
      },
    },
    async ({ params }, ctx) => ({ data: await undoImport(ctx, params.id) }),
  ),
});
