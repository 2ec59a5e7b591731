import { DomainError } from "@/lib/platform/core/errors";
import type { ScopedDb, ScopedTx } from "@/lib/platform/db/scoped";
import { withBoardPostCounts } from "@/lib/domain/boards/count-posts-by";
import type { Audience } from "@/lib/platform/core/audience";
import { boardsVisibleTo, isOpenBoard, postsListedTo } from "@/lib/domain/access/visibility";
import { boardView, publicBoardView } from "./view";

export async function getBoardOrThrow(db: ScopedDb | ScopedTx, id: string) {
  const board = await db.board.findUnique({ where: { id } });
  if (!board) throw new DomainError("NOT_FOUND", "Board not found.");
  return board;
}

export const BOARD_ARCHIVED = "This board is archived: it takes no new posts. Open it again in its settings first.";

/** A board that takes new posts, or the reason it does not (not found, or archived). */
export async function getOpenBoardOrThrow(db: ScopedDb | ScopedTx, id: string) {
  const board = await getBoardOrThrow(db, id);
  if (!isOpenBoard(board)) throw new DomainError("CONFLICT", BOARD_ARCHIVED, [{ path: "boardId", message: BOARD_ARCHIVED, code: "archived" }]);
  return board;
}

/** One board as the API shows it, with how many posts it holds; a board the audience may not see is not found. */
export async function getBoardWithPostCount(db: ScopedDb, audience: Audience, id: string) {
  const board = await db.board.findUnique({ where: { ...boardsVisibleTo(audience), id } });
  if (!board) throw new DomainError("NOT_FOUND", "Board not found.");
  const [counted] = await withBoardPostCounts(db, [board], postsListedTo(audience));
  return boardView(counted!);
}

/**
 * One board by id (or by slug, for portal URLs) in the portal's view, without counting its posts;
 * a board the audience may not see, or another workspace's, is not found. What checks that a board
 * may be listed or posted to, and the portal's board page (which shows no count), use this: a
 * count reads every post of the board, a million on a large one.
 */
export async function findPublicBoard(db: ScopedDb, audience: Audience, where: { id: string } | { slug: string }) {
  const board = await db.board.findFirst({
    where: { ...where, ...boardsVisibleTo(audience) },
    select: { id: true, slug: true, name: true, description: true, archivedAt: true, createdAt: true },
  });
  if (!board) throw new DomainError("NOT_FOUND", "Board not found.");
  return publicBoardView(board);
}

/** The same with how many posts the board lists to the audience, as the public API answers it. */
export async function getPublicBoard(db: ScopedDb, audience: Audience, where: { id: string } | { slug: string }) {
  const board = await findPublicBoard(db, audience, where);
  const [counted] = await withBoardPostCounts(db, [{ id: board.id }], postsListedTo(audience));
  return { ...board, postCount: counted!._count.posts };
}
