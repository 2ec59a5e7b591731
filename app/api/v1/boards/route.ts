import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { createBoard } from "@/lib/domain/boards/create-board";
import { listBoards } from "@/lib/domain/boards/list-boards";
import { createBoardSchema, listBoardsQuery } from "@/lib/domain/boards/schemas";
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
  POST: defineRoute(
    {
      scope: "boards:write",
      schemas: { body: createBoardSchema },
      status: 201,
      operation: {
        id: "createBoard",
        summary: "Create a board",
        description: "Public unless `isPublic: false`. The slug is the board's address on the portal and unique in the workspace (409 when taken).",
        response: boardSchema,
        errors: ["CONFLICT", "PLAN_LIMIT"],
      },
    },
    async ({ body }, ctx) => ({ data: await createBoard(ctx, body) }),
  ),
});
