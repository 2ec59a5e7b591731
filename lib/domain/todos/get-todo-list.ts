import { DomainError } from "@/lib/platform/core/errors";
import type { ScopedDb, ScopedTx } from "@/lib/platform/db/scoped";

export async function getTodoListOrThrow(db: ScopedDb | ScopedTx, id: string) {
  const list = await db.todoList.findUnique({ where: { id } });
  if (!list) throw new DomainError("NOT_FOUND", "Todo list not found.");
  return list;
}
