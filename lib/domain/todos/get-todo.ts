import { DomainError } from "@/lib/platform/core/errors";
import type { ScopedDb, ScopedTx } from "@/lib/platform/db/scoped";
import { todoInclude } from "./view";

export async function getTodoOrThrow(db: ScopedDb | ScopedTx, id: string) {
  const item = await db.todoItem.findUnique({ where: { id }, include: todoInclude });
  if (!item) throw new DomainError("NOT_FOUND", "Todo not found.");
  return item;
}
