import { apiRoutes, defineRoute } from "@/lib/api/define-route";
import { idParams } from "@/lib/api/params";
import { getPublishedReleaseNote } from "@/lib/changelog/get-release-note";
import { releaseNoteSchema } from "@/lib/changelog/view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineRoute(
    {
      scope: "changelog:read",
      schemas: { params: idParams },
      operation: { id: "getReleaseNote", summary: "Get a published release note", description: "A draft answers 404.", response: releaseNoteSchema },
    },
    async ({ params }, ctx) => ({ data: await getPublishedReleaseNote(ctx.db, params.id) }),
  ),
});
