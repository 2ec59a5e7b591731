import { definePublicRoute, publicRoutes } from "@/lib/surfaces/public-api/define-public-route";
import { listPublicReleaseNotes } from "@/lib/domain/changelog/list-release-notes";
import { workspaceParams } from "@/lib/surfaces/public-api/schemas";
import { pageOnlyQuery } from "@/lib/platform/core/pagination";
import { publicReleaseNoteSchema } from "@/lib/domain/changelog/view";

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
