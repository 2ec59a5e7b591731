import { ApiError } from "@/lib/api/error-codes";
import type { ScopedDb, ScopedTx } from "@/lib/db/scoped";

export async function getTodoListOrThrow(db: ScopedDb | ScopedTx, id: string) {
  const list = await db.todoList.findUnique({ where: { id } });
  if (!list) throw new ApiError("NOT_FOUND", "Todo list not found.");
  return list;
}
