import { definePublicRoute, publicRoutes } from "@/lib/surfaces/public-api/define-public-route";
import { listPublicBoards } from "@/lib/domain/boards/list-boards";
import { workspaceParams } from "@/lib/surfaces/public-api/schemas";
import { pageOnlyQuery } from "@/lib/platform/core/pagination";
import { publicBoardSchema } from "@/lib/domain/boards/view";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoutes(
  definePublicRoute(
    {
      cache: "content",
      schemas: { params: workspaceParams, query: pageOnlyQuery },
      operation: { id: "listPublicBoards", summary: "List public boards", description: "Oldest first, with post counts. Archived boards (which take no new posts) are left out; their posts stay readable.", response: publicBoardSchema, paginated: true },
    },
    ({ query }, ctx) => listPublicBoards(ctx.db, ctx.audience, query),
  ),
);
