import { DomainError } from "@/lib/core/errors";
import type { ScopedDb } from "@/lib/db/scoped";
import { LISTED_POSTS } from "@/lib/visibility";
import { publicBoardView } from "@/lib/boards/view";
import { publicBoardFilter } from "@/lib/visibility";

/** One public board by id (or by slug, for portal URLs); a private or foreign board is not found. */
export async function getPublicBoard(db: ScopedDb, where: { id: string } | { slug: string }) {
  const board = await db.board.findFirst({
    where: { ...where, ...publicBoardFilter },
    select: { id: true, slug: true, name: true, description: true, createdAt: true, _count: { select: { posts: { where: LISTED_POSTS } } } },
  });
  if (!board) throw new DomainError("NOT_FOUND", "Board not found.");
  return { ...publicBoardView(board), postCount: board._count.posts };
}
