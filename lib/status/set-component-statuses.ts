import type { ScopedTx } from "@/lib/db/scoped";
import type { ComponentStatus } from "@/lib/generated/prisma/enums";

/** One update per distinct status rather than one per component (there are only five statuses). */
export async function setComponentStatuses(tx: ScopedTx, changes: { id: string; status: ComponentStatus }[]) {
  const idsByStatus = new Map<ComponentStatus, string[]>();
  for (const { id, status } of changes) idsByStatus.set(status, [...(idsByStatus.get(status) ?? []), id]);
  for (const [status, ids] of idsByStatus) {
    await tx.statusComponent.updateMany({ where: { id: { in: ids } }, data: { status } });
  }
}
