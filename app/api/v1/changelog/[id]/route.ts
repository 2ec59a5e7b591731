import { apiRoutes, defineRoute } from "@/lib/api/define-route";
import { idParams } from "@/lib/api/params";
import { getPublishedReleaseNote } from "@/lib/changelog/get-release-note";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  GET: defineRoute({ scope: "changelog:read", schemas: { params: idParams } }, async ({ params }, ctx) => ({
    data: await getPublishedReleaseNote(ctx.db, params.id),
  })),
});
