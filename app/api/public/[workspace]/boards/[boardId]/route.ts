import { definePublicRoute, publicRoutes } from "@/lib/public/define-public-route";
import { getPublicBoard } from "@/lib/public/get-public-board";
import { boardParams } from "@/lib/public/schemas";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoutes(
  definePublicRoute({ cache: "content", schemas: { params: boardParams } }, async ({ params }, ctx) => ({
    data: await getPublicBoard(ctx.db, { id: params.boardId }),
  })),
);
