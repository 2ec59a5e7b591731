import type { ComponentStatus } from "@/lib/generated/prisma/enums";

// Scheduled maintenance is computed at read time, never written by a worker:
//
//   - A window covers [startsAt, endsAt): it is `upcoming` before startsAt, `in_progress` from
//     startsAt (inclusive) until endsAt (exclusive), `completed` from endsAt on.
//   - While a window is in progress, each of its components reads `under_maintenance` — unless its
//     stored status is a real problem (degraded, partial or major outage), which outranks planned
//     work, as in the overall indicator. Nothing is stored, so the component is back to its
//     stored status the instant the window ends.
//   - Overlapping windows are allowed; a component is under maintenance while any of them runs.
//   - The next boundary (the earliest start or end still ahead) is how long any answer that
//     depends on the schedule may be cached.

export type MaintenanceState = "upcoming" | "in_progress" | "completed";

export interface MaintenanceWindow {
  startsAt: Date;
  endsAt: Date;
}

export function maintenanceState(window: MaintenanceWindow, now: Date): MaintenanceState {
  if (now.getTime() < window.startsAt.getTime()) return "upcoming";
  if (now.getTime() < window.endsAt.getTime()) return "in_progress";
  return "completed";
}

/** What a component reads as, given its stored status and whether a window covering it runs now. */
export function effectiveStatus(stored: ComponentStatus, underMaintenance: boolean): ComponentStatus {
  return underMaintenance && stored === "operational" ? "under_maintenance" : stored;
}

/** The earliest start or end after `now` among these windows, or null when none lies ahead. */
export function nextMaintenanceBoundary(windows: readonly MaintenanceWindow[], now: Date): Date | null {
  let next: number | null = null;
  for (const window of windows) {
    for (const edge of [window.startsAt.getTime(), window.endsAt.getTime()]) {
      if (edge > now.getTime() && (next === null || edge < next)) next = edge;
    }
  }
  return next === null ? null : new Date(next);
}
