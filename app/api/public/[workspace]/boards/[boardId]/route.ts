import { definePublicRoute, publicRoutes } from "@/lib/surfaces/public-api/define-public-route";
import { getPublicBoard } from "@/lib/domain/boards/get-board";
import { boardParams } from "@/lib/surfaces/public-api/schemas";
import { publicBoardSchema } from "@/lib/domain/boards/view";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoutes(
  definePublicRoute(
    { cache: "content", schemas: { params: boardParams }, operation: { id: "getPublicBoard", summary: "Get a public board", response: publicBoardSchema } },
    async ({ params }, ctx) => ({ data: await getPublicBoard(ctx.db, ctx.audience, { id: params.boardId }) }),
  ),
);
