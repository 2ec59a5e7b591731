import type { ComponentStatus, IncidentImpact, IncidentStatus } from "@/lib/generated/prisma/enums";

// An incident moves forward along the chain (skipping steps is fine), may repeat its
// current status (a new message with no state change), and nothing follows `resolved`.
export const INCIDENT_STATUS_CHAIN = ["investigating", "identified", "monitoring", "resolved"] as const satisfies readonly IncidentStatus[];
export const OPENING_STATUSES = ["investigating", "identified", "monitoring"] as const satisfies readonly IncidentStatus[];
export const INCIDENT_IMPACTS = ["none", "minor", "major", "critical"] as const satisfies readonly IncidentImpact[];
export const COMPONENT_STATUSES = [
  "operational",
  "degraded_performance",
  "partial_outage",
  "major_outage",
  "under_maintenance",
] as const satisfies readonly ComponentStatus[];

/** Every status an update may carry from `from`, the current one included. */
export function allowedIncidentStatuses(from: IncidentStatus): IncidentStatus[] {
  if (from === "resolved") return [];
  return INCIDENT_STATUS_CHAIN.slice(INCIDENT_STATUS_CHAIN.indexOf(from));
}

export function canTransitionIncident(from: IncidentStatus, to: IncidentStatus): boolean {
  return allowedIncidentStatuses(from).includes(to);
}
