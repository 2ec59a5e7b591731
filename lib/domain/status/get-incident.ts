import { DomainError } from "@/lib/platform/core/errors";
import type { ScopedDb, ScopedTx } from "@/lib/platform/db/scoped";
import { incidentDetailInclude, incidentDetailView } from "./incident-view";
import { getMaintenanceSchedule, withMaintenance } from "./maintenance-schedule";

export async function getIncidentOrThrow(db: ScopedDb | ScopedTx, id: string) {
  const incident = await db.incident.findUnique({ where: { id } });
  if (!incident) throw new DomainError("NOT_FOUND", "Incident not found.");
  return incident;
}

/** One incident with its whole timeline (oldest first) and its affected components as they read now. */
export async function getIncidentDetail(db: ScopedDb | ScopedTx, workspaceId: string, id: string, now = new Date()) {
  // One after the other: inside a transaction the two would only queue on its one connection.
  const incident = await db.incident.findUnique({ where: { id }, include: incidentDetailInclude });
  if (!incident) throw new DomainError("NOT_FOUND", "Incident not found.");
  const schedule = await getMaintenanceSchedule(db, workspaceId, now);
  const view = incidentDetailView(incident);
  return { ...view, components: withMaintenance(view.components, schedule) };
}
