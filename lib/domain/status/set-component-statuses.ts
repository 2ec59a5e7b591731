import type { ScopedTx } from "@/lib/platform/db/scoped";
import { componentView } from "./component-view";
import { recordEvent } from "@/lib/platform/events/record-event";
import type { ComponentStatus } from "@/lib/generated/prisma/enums";

/**
 * The one writer of stored component statuses (incidents, their resolution, the dashboard's
 * "set status"): it also appends each real change to the status history the uptime bars are
 * computed from, so no path can change a status without the history knowing. `at` is the time
 * the change takes effect (an incident update's own time, so history and timeline agree).
 * One update per distinct status rather than one per component (there are only five statuses).
 */
export async function setComponentStatuses(tx: ScopedTx, workspaceId: string, changes: { id: string; status: ComponentStatus }[], at: Date) {
  if (changes.length === 0) return;
  const current = await tx.statusComponent.findMany({ where: { id: { in: changes.map((change) => change.id) } }, select: { id: true, status: true } });
  const before = new Map(current.map((component) => [component.id, component.status]));
  const real = changes.filter((change) => before.has(change.id) && before.get(change.id) !== change.status);
  if (real.length === 0) return;

  const idsByStatus = new Map<ComponentStatus, string[]>();
  for (const { id, status } of real) idsByStatus.set(status, [...(idsByStatus.get(status) ?? []), id]);
  for (const [status, ids] of idsByStatus) {
    await tx.statusComponent.updateMany({ where: { id: { in: ids } }, data: { status } });
  }
  await tx.componentStatusChange.createMany({
    data: real.map((change) => ({ workspaceId, componentId: change.id, fromStatus: before.get(change.id)!, toStatus: change.status, at })),
  });
  // Every status change of a component passes here (set by hand, by an incident, restored when it resolves).
  const changed = await tx.statusComponent.findMany({ where: { id: { in: real.map((change) => change.id) } }, orderBy: { id: "asc" } });
  for (const component of changed) {
    await recordEvent(tx, { workspaceId, type: "status_component.status_changed", data: componentView(component), previous: { status: before.get(component.id) } });
  }
}
