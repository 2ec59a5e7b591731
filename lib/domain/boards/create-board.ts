import { DomainError } from "@/lib/platform/core/errors";
import { validate } from "@/lib/platform/core/validate";
import { isUniqueViolation } from "@/lib/platform/db/errors";
import { createWithinPlanLimit } from "@/lib/domain/plans/enforce-plan-limit";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { createBoardSchema, type CreateBoardInput } from "./schemas";
import { boardView } from "./view";

export const BOARD_SLUG_TAKEN = "Another board of this workspace already uses this slug.";

/** A new board; admins and owners (lib/domain/access/roles.ts), within the plan's board limit (lib/domain/plans/limits.ts). */
export async function createBoard(actor: WorkspaceActor, input: CreateBoardInput) {
  authorize(actor, "boards.manage", "create boards");
  const data = validate(createBoardSchema, input, "The board is not valid.");
  try {
    const board = await createWithinPlanLimit(actor.db, "boards", (tx) => tx.board.create({ data: { workspaceId: actor.workspaceId, ...data } }));
    return boardView({ ...board, _count: { posts: 0 } });
  } catch (error) {
    throw isUniqueViolation(error) ? slugTaken() : error;
  }
}

/** A taken slug is the slug field's error, whether the create or the rename found it. */
export function slugTaken() {
  return new DomainError("CONFLICT", BOARD_SLUG_TAKEN, [{ path: "slug", message: BOARD_SLUG_TAKEN, code: "conflict" }]);
}
