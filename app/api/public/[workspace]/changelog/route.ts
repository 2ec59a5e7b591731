import { definePublicRoute, publicRoutes } from "@/lib/public/define-public-route";
import { listPublicReleaseNotes } from "@/lib/changelog/list-release-notes";
import { pageOnlyQuery, workspaceParams } from "@/lib/public/schemas";
import { publicReleaseNoteSchema } from "@/lib/changelog/view";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoutes(
  definePublicRoute(
    {
      cache: "content",
      schemas: { params: workspaceParams, query: pageOnlyQuery },
      operation: { id: "listPublicReleaseNotes", summary: "List published release notes", description: "Newest first.", response: publicReleaseNoteSchema, paginated: true },
    },
    ({ query }, ctx) => listPublicReleaseNotes(ctx.db, ctx.audience, query),
  ),
);
