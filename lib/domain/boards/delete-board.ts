import { DomainError } from "@/lib/platform/core/errors";
import { db } from "@/lib/platform/db/client";
import { recordEvent } from "@/lib/platform/events/record-event";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";

/**
 * Deletes a board and, through the foreign keys' cascades, its posts with their votes and
 * comments; nothing of any other board. Admins and owners.
 *
 * The board row is locked first, so the post count is final: a post arriving meanwhile waits and
 * then finds no board. When the caller says how many posts it confirmed (`expectedPostCount`, the
 * number its dialog showed) and more have arrived since, nothing is deleted and the caller is
 * told, so nobody deletes posts they were not shown. A second delete (another tab) is told the
 * board is already gone.
 */
export async function deleteBoard(actor: WorkspaceActor, boardId: string, { expectedPostCount }: { expectedPostCount?: number } = {}) {
  authorize(actor, "boards.manage", "delete boards");
  const { workspaceId } = actor;
  return db.$transaction(async (tx) => {
    const [board] = await tx.$queryRaw<{ id: string; name: string }[]>`
      SELECT id, name FROM "Board" WHERE id = ${boardId} AND "workspaceId" = ${workspaceId} FOR UPDATE`;
    if (!board) throw new DomainError("NOT_FOUND", "This board was already deleted.");
    const postCount = await tx.post.count({ where: { boardId, workspaceId } });
    if (expectedPostCount !== undefined && postCount > expectedPostCount) {
      throw new DomainError(
        "CONFLICT",
        `“${board.name}” now holds ${postCount} posts, not ${expectedPostCount}: new posts arrived. Nothing was deleted; confirm again to delete it with all of them.`,
      );
    }
    await tx.board.deleteMany({ where: { id: boardId, workspaceId } });
    const deleted = { id: board.id, name: board.name, deletedPosts: postCount };
    await recordEvent(tx, { workspaceId, type: "board.deleted", data: deleted });
    return deleted;
  });
}
