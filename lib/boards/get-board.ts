import { DomainError } from "@/lib/core/errors";
import type { ScopedDb, ScopedTx } from "@/lib/db/scoped";
import { withBoardPostCounts } from "@/lib/posts/count-posts-by";
import { boardView } from "./view";

export async function getBoardOrThrow(db: ScopedDb | ScopedTx, id: string) {
  const board = await db.board.findUnique({ where: { id } });
  if (!board) throw new DomainError("NOT_FOUND", "Board not found.");
  return board;
}

/** One board as the API shows it, with how many posts it holds. */
export async function getBoardWithPostCount(db: ScopedDb, id: string) {
  const board = await db.board.findUnique({ where: { id } });
  if (!board) throw new DomainError("NOT_FOUND", "Board not found.");
  const [counted] = await withBoardPostCounts(db, [board]);
  return boardView(counted!);
}
