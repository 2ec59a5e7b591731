import { definePublicRoute, publicRoutes } from "@/lib/public/define-public-route";
import { listPublicReleaseNotes } from "@/lib/public/list-public-release-notes";
import { pageOnlyQuery, workspaceParams } from "@/lib/public/schemas";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoutes(
  definePublicRoute({ cache: "content", schemas: { params: workspaceParams, query: pageOnlyQuery } }, ({ query }, ctx) =>
    listPublicReleaseNotes(ctx.db, query),
  ),
);
