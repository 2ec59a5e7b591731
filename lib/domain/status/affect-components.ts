import { DomainError } from "@/lib/platform/core/errors";
import type { ScopedTx } from "@/lib/platform/db/scoped";
import type { ComponentStatus } from "@/lib/generated/prisma/enums";
import type { ComponentChange } from "./schemas";
import { setComponentStatuses } from "./set-component-statuses";
import { activeIncidentFilter } from "@/lib/domain/access/visibility";

/**
 * Links components to an incident (once each) and sets each to the status the request names.
 * Callers hold the workspace lock, so the statuses read here cannot change before they are written.
 *
 * A newly linked component remembers what to go back to when the incident resolves. If another
 * active incident already affects it, that incident's remembered status is inherited rather than
 * the current one: otherwise resolving the older incident first would leave the component stuck
 * in the newer incident's "before", an outage status that no active incident explains any more.
 */
export async function affectComponents(tx: ScopedTx, workspaceId: string, incidentId: string, changes: ComponentChange[], at: Date) {
  if (changes.length === 0) return;
  const ids = changes.map((change) => change.id);
  const components = await tx.statusComponent.findMany({ where: { id: { in: ids } }, select: { id: true, status: true } });
  // One message whichever id is missing, so a foreign id and a made-up one are indistinguishable.
  if (components.length !== ids.length) throw new DomainError("NOT_FOUND", "Status component not found.");

  const activeLinks = await tx.incidentComponent.findMany({
    where: { componentId: { in: ids }, incident: activeIncidentFilter },
    select: { incidentId: true, componentId: true, previousStatus: true },
    orderBy: [{ incident: { createdAt: "asc" } }, { incidentId: "asc" }],
  });
  const alreadyLinked = new Set(activeLinks.filter((link) => link.incidentId === incidentId).map((link) => link.componentId));
  const inherited = new Map<string, ComponentStatus>();
  for (const link of activeLinks) {
    if (link.incidentId !== incidentId && !inherited.has(link.componentId)) inherited.set(link.componentId, link.previousStatus);
  }
  const currentStatus = new Map(components.map((component) => [component.id, component.status]));

  const newLinks = ids
    .filter((id) => !alreadyLinked.has(id))
    .map((componentId) => ({ workspaceId, incidentId, componentId, previousStatus: inherited.get(componentId) ?? currentStatus.get(componentId)! }));
  if (newLinks.length > 0) await tx.incidentComponent.createMany({ data: newLinks });
  await setComponentStatuses(tx, workspaceId, changes, at);
}
