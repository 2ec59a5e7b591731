import { DomainError } from "@/lib/platform/core/errors";
import { validate } from "@/lib/platform/core/validate";
import { isUniqueViolation } from "@/lib/platform/db/errors";
import { recordEvent } from "@/lib/platform/events/record-event";
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
    return await createWithinPlanLimit(actor.db, "boards", async (tx) => {
      const board = boardView({ ...(await tx.board.create({ data: { workspaceId: actor.workspaceId, ...data } })), _count: { posts: 0 } });
      await recordEvent(tx, { workspaceId: actor.workspaceId, type: "board.created", data: board });
      return board;
    });
  } catch (error) {
    throw isUniqueViolation(error) ? slugTaken() : error;
  }
}

/** A taken slug is the slug field's error, whether the create or the rename found it. */
export function slugTaken() {
  return new DomainError("CONFLICT", BOARD_SLUG_TAKEN, [{ path: "slug", message: BOARD_SLUG_TAKEN, code: "conflict" }]);
}
