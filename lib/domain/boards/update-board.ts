import { DomainError } from "@/lib/platform/core/errors";
import { validate } from "@/lib/platform/core/validate";
import { isUniqueViolation } from "@/lib/platform/db/errors";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { slugTaken } from "./create-board";
import { getBoardWithPostCount } from "./get-board";
import { updateBoardSchema, type UpdateBoardInput } from "./schemas";

/** Renames a board, changes its slug or description, or makes it public or private. Admins and owners. */
export async function updateBoard(actor: WorkspaceActor, boardId: string, input: UpdateBoardInput) {
  authorize(actor, "boards.manage", "edit boards");
  const data = validate(updateBoardSchema, input, "The board is not valid.");
  try {
    const { count } = await actor.db.board.updateMany({ where: { id: boardId }, data });
    if (count === 0) throw new DomainError("NOT_FOUND", "This board no longer exists.");
  } catch (error) {
    throw isUniqueViolation(error) ? slugTaken() : error;
  }
  return getBoardWithPostCount(actor.db, actor, boardId);
}
