import { DomainError } from "@/lib/platform/core/errors";
import type { ScopedDb, ScopedTx } from "@/lib/platform/db/scoped";

export async function getComponentOrThrow(db: ScopedDb | ScopedTx, id: string) {
  const component = await db.statusComponent.findUnique({ where: { id } });
  if (!component) throw new DomainError("NOT_FOUND", "Status component not found. It may have been deleted in another tab.");
  return component;
}
