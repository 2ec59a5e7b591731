import { DomainError } from "@/lib/platform/core/errors";
import { validate } from "@/lib/platform/core/validate";
import { isUniqueViolation } from "@/lib/platform/db/errors";
import { recordEvent } from "@/lib/platform/events/record-event";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { slugTaken } from "./create-board";
import { getBoardWithPostCount } from "./get-board";
import { updateBoardSchema, type UpdateBoardInput } from "./schemas";

/**
 * Renames a board, changes its slug or description, makes it public or private, or archives it
 * (no new posts) and opens it again. Admins and owners.
 */
export async function updateBoard(actor: WorkspaceActor, boardId: string, input: UpdateBoardInput) {
  authorize(actor, "boards.manage", "edit boards");
  const { archived, ...fields } = validate(updateBoardSchema, input, "The board is not valid.");
  try {
    // One transaction with its event: board.updated exists exactly when the change does.
    await actor.db.$transaction(async (tx) => {
      const before = await tx.board.findUnique({ where: { id: boardId } });
      if (!before) throw new DomainError("NOT_FOUND", "This board no longer exists.");
      // Archiving an archived board keeps the first date: it says since when the board is closed.
      const archivedAt = archived === undefined ? undefined : archived ? (before.archivedAt ?? new Date()) : null;
      const data = { ...fields, ...(archivedAt !== undefined ? { archivedAt } : {}) };
      const after = await tx.board.update({ where: { id: boardId }, data });
      const changed = Object.fromEntries(
        Object.keys(data).map((field) => [field, field === "archivedAt" ? (before.archivedAt?.toISOString() ?? null) : before[field as keyof typeof fields]]),
      );
      const { id, name, slug, description, isPublic, createdAt, updatedAt } = after;
      const board = {
        id,
        name,
        slug,
        description,
        isPublic,
        archivedAt: after.archivedAt?.toISOString() ?? null,
        createdAt: createdAt.toISOString(),
        updatedAt: updatedAt.toISOString(),
      };
      await recordEvent(tx, { workspaceId: actor.workspaceId, type: "board.updated", data: board, previous: changed });
    });
  } catch (error) {
    throw isUniqueViolation(error) ? slugTaken() : error;
  }
  return getBoardWithPostCount(actor.db, actor, boardId);
}
