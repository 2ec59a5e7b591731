import { DomainError } from "@/lib/platform/core/errors";
import type { ScopedDb, ScopedTx } from "@/lib/platform/db/scoped";

export async function getMonitorOrThrow(db: ScopedDb | ScopedTx, id: string) {
  const monitor = await db.monitor.findUnique({ where: { id } });
  if (!monitor) throw new DomainError("NOT_FOUND", "Monitor not found. It may have been deleted in another tab.");
  return monitor;
}
