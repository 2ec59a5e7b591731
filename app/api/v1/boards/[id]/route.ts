import { z } from "zod";
import { apiRoutes, defineRoute, type ApiContext } from "@/lib/surfaces/api/define-route";
import { idParams } from "@/lib/surfaces/api/params";
import { deleteBoard } from "@/lib/domain/boards/delete-board";
import { getBoardWithPostCount } from "@/lib/domain/boards/get-board";
import { updateBoardSchema } from "@/lib/domain/boards/schemas";
import { updateBoard } from "@/lib/domain/boards/update-board";
import { boardSchema } from "@/lib/domain/boards/view";

const currentBoard = ({ params }: { params: { id: string } }, ctx: ApiContext) => getBoardWithPostCount(ctx.db, ctx, params.id);

const deletedBoardSchema = z
  .strictObject({ id: z.string(), name: z.string(), deletedPosts: z.number().int().meta({ description: "How many posts went with it." }) })
  .meta({ id: "DeletedBoard" });

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineRoute(
    { scope: "boards:read", schemas: { params: idParams }, operation: { id: "getBoard", summary: "Get a board", response: boardSchema } },
    async (input, ctx) => ({ data: await currentBoard(input, ctx) }),
  ),
  PATCH: defineRoute(
    {
      scope: "boards:write",
      schemas: { params: idParams, body: updateBoardSchema },
      operation: { id: "updateBoard", summary: "Rename a board, change its slug or description, or make it public or private", response: boardSchema, errors: ["CONFLICT"] },
      current: currentBoard,
    },
    async ({ params, body }, ctx) => ({ data: await updateBoard(ctx, params.id, body) }),
  ),
  DELETE: defineRoute(
    {
      scope: "boards:write",
      schemas: { params: idParams },
      operation: {
        id: "deleteBoard",
        summary: "Delete a board with its posts",
        description: "Its posts, their votes and comments go with it. A post created in it at the same moment either lands before the delete (and is counted in `deletedPosts`) or is refused with 404.",
        response: deletedBoardSchema,
      },
      current: currentBoard,
    },
    async ({ params }, ctx) => ({ data: await deleteBoard(ctx, params.id) }),
  ),
});
