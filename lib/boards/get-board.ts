import { ApiError } from "@/lib/api/error-codes";
import type { ScopedDb, ScopedTx } from "@/lib/db/scoped";

export async function getBoardOrThrow(db: ScopedDb | ScopedTx, id: string) {
  const board = await db.board.findUnique({ where: { id } });
  if (!board) throw new ApiError("NOT_FOUND", "Board not found.");
  return board;
}
