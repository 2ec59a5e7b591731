import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { idParams } from "@/lib/surfaces/api/params";
import { undoImport } from "@/lib/domain/imports/undo-import";
import { importSchema } from "@/lib/domain/imports/view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  POST: defineRoute(
    {
      scope: "migration:write",
      schemas: { params: idParams },
      status: 202,
      operation: {
        id: "undoImport",
        summary: "Undo a completed import",
        description:
          "Queues the undo and answers with the import in state `undoing`; read it until it is `undone`. The undo deletes exactly what the import created over all its runs (also its votes and comments on posts an earlier import created); a post it deletes takes every vote and comment on it along. Refused with 409 `CONFLICT` when the import is not completed, while another import of the workspace is queued, running or being undone, and 24 hours after it finished (detail code `undo_window_passed`).",
        response: importSchema,
        errors: ["NOT_FOUND", "CONFLICT"],
      },
    },
    async ({ params }, ctx) => ({ data: await undoImport(ctx, params.id) }),
  ),
});
