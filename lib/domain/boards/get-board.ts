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
 * One board by id (or by slug, for portal URLs) in the portal's view, with the posts it lists; a
 * board the audience may not see, or another workspace's, is not found.
 */
export async function getPublicBoard(db: ScopedDb, audience: Audience, where: { id: string } | { slug: string }) {
  const board = await db.board.findFirst({
    where: { ...where, ...boardsVisibleTo(audience) },
    select: { id: true, slug: true, name: true, description: true, archivedAt: true, createdAt: true, _count: { select: { posts: { where: postsListedTo(audience) } } } },
  });
  if (!board) throw new DomainError("NOT_FOUND", "Board not found.");
  return { ...publicBoardView(board), postCount: board._count.posts };
}
