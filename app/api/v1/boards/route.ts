import { apiRoutes, defineRoute } from "@/lib/api/define-route";
import { listBoards } from "@/lib/boards/list-boards";
import { listBoardsQuery } from "@/lib/boards/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  GET: defineRoute({ scope: "boards:read", schemas: { query: listBoardsQuery } }, ({ query }, ctx) => listBoards(ctx.db, query)),
});
