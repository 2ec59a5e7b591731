import { DomainError } from "@/lib/platform/core/errors";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";

/**
 * Deletes a monitor with its results. A check of it running at that moment finds it gone when it
 * comes to record (record-result.ts) and writes nothing; the component keeps its current status.
 */
export async function deleteMonitor(actor: WorkspaceActor, id: string) {
  authorize(actor, "monitors.manage", "delete monitors");
  const { count } = await actor.db.monitor.deleteMany({ where: { id } });
  if (count === 0) throw new DomainError("NOT_FOUND", "Monitor not found. It may have been deleted in another tab.");
  return { id };
}
