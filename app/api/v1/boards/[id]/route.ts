import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { idParams } from "@/lib/surfaces/api/params";
import { getBoardWithPostCount } from "@/lib/domain/boards/get-board";
import { boardSchema } from "@/lib/domain/boards/view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineRoute(
    { scope: "boards:read", schemas: { params: idParams }, operation: { id: "getBoard", summary: "Get a board", response: boardSchema } },
    async ({ params }, ctx) => ({ data: await getBoardWithPostCount(ctx.db, ctx, params.id) }),
  ),
});
