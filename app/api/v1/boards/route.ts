import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { listBoards } from "@/lib/domain/boards/list-boards";
import { listBoardsQuery } from "@/lib/domain/boards/schemas";
import { boardSchema } from "@/lib/domain/boards/view";

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
