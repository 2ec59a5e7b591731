import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { idParams } from "@/lib/surfaces/api/params";
import { getImport } from "@/lib/domain/imports/get-import";
import { importSchema } from "@/lib/domain/imports/view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineRoute(
    {
      scope: "migration:read",
      schemas: { params: idParams },
      operation: {
        id: "getImport",
        summary: "Read an import: its preview, state and progress",
        description: "`state` goes previewing → previewed → queued → running → completed (or failed, with `error` naming the file position or request), and undone after an undo.",
        response: importSchema,
        errors: ["NOT_FOUND"],
      },
    },
    async ({ params }, ctx) => ({ data: await getImport(ctx, params.id) }),
  ),
});
