import { ApiError } from "@/lib/api/error-codes";
import type { ScopedDb, ScopedTx } from "@/lib/db/scoped";
import { incidentDetailInclude, incidentDetailView } from "./incident-view";

export async function getIncidentOrThrow(db: ScopedDb | ScopedTx, id: string) {
  const incident = await db.incident.findUnique({ where: { id } });
  if (!incident) throw new ApiError("NOT_FOUND", "Incident not found.");
  return incident;
}

/** One incident with its whole timeline (oldest first) and its affected components. */
export async function getIncidentDetail(db: ScopedDb | ScopedTx, id: string) {
  const incident = await db.incident.findUnique({ where: { id }, include: incidentDetailInclude });
  if (!incident) throw new ApiError("NOT_FOUND", "Incident not found.");
  return incidentDetailView(incident);
}
