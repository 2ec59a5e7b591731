import { ApiError } from "@/lib/api/error-codes";
import type { ScopedDb, ScopedTx } from "@/lib/db/scoped";
import { todoInclude } from "./view";

export async function getTodoOrThrow(db: ScopedDb | ScopedTx, id: string) {
  const item = await db.todoItem.findUnique({ where: { id }, include: todoInclude });
  if (!item) throw new ApiError("NOT_FOUND", "Todo not found.");
  return item;
}
