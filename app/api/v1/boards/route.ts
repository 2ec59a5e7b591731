import { apiRoutes, defineRoute } from "@/lib/api/define-route";
import { listBoards } from "@/lib/boards/list-boards";
import { listBoardsQuery } from "@/lib/boards/schemas";
import { boardSchema } from "@/lib/boards/view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineRoute(
    {
      scope: "boards:read",
      schemas: { query: listBoardsQuery },
      operation: { id: "listBoards", summary: "List boards", description: "Oldest first, with each board's post count.", response: boardSchema, paginated: true },
    },
    ({ query }, ctx) => listBoards(ctx.db, ctx, query),
  ),
});
