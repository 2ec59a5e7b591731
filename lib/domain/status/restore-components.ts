import type { ScopedTx } from "@/lib/platform/db/scoped";
import { setComponentStatuses } from "./set-component-statuses";
import { activeIncidentFilter } from "@/lib/domain/access/visibility";

/**
 * On resolve: every component the incident affected returns to the status it had before, except
 * those another still-active incident affects (that incident's resolve restores them later) and
 * those the resolving request set explicitly (its word is the newer one).
 */
export async function restoreComponents(tx: ScopedTx, workspaceId: string, incidentId: string, setExplicitly: string[], at: Date) {
  const links = await tx.incidentComponent.findMany({
    where: { incidentId, componentId: { notIn: setExplicitly } },
    select: { componentId: true, previousStatus: true },
  });
  if (links.length === 0) return;
  const stillAffected = await tx.incidentComponent.findMany({
    where: { componentId: { in: links.map((link) => link.componentId) }, incidentId: { not: incidentId }, incident: activeIncidentFilter },
    select: { componentId: true },
  });
  const keep = new Set(stillAffected.map((link) => link.componentId));
  await setComponentStatuses(
    tx,
    workspaceId,
    links.filter((link) => !keep.has(link.componentId)).map((link) => ({ id: link.componentId, status: link.previousStatus })),
    at,
  );
}
