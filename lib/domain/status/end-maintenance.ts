import { DomainError } from "@/lib/platform/core/errors";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { getMaintenanceOrThrow } from "./get-maintenance";
import { recordMaintenanceCompleted } from "./maintenance-events";
import type { MaintenanceState } from "./maintenance-rules";

/**
 * The work finished early: a running window ends now (its components read as before from this
 * instant). An upcoming window is cancelled instead; a completed one is history and stays.
 */
export async function endMaintenance(actor: WorkspaceActor, id: string, now = new Date()) {
  authorize(actor, "status.manage", "end maintenance");
  await actor.db.$transactionLocked(async (tx) => {
    const window = await getMaintenanceOrThrow(tx, id, now);
    if (window.state !== "in_progress") throw maintenanceStateConflict(window.state, "in_progress");
    // A window ends after it starts (a database check too), even when ended in its first millisecond.
    const endsAt = new Date(Math.max(now.getTime(), new Date(window.startsAt).getTime() + 1));
    await tx.maintenance.updateMany({ where: { id }, data: { endsAt } });
    // Its original end's job finds the end moved and records nothing.
    await recordMaintenanceCompleted(tx, actor.workspaceId, id, endsAt);
  });
  return getMaintenanceOrThrow(actor.db, id, now);
}

const WHAT_TO_DO: Record<MaintenanceState, string> = {
  upcoming: "has not started yet (cancel it instead)",
  in_progress: "has already started (end it now instead)",
  completed: "is already over",
};

export function maintenanceStateConflict(state: MaintenanceState, needed: "upcoming" | "in_progress") {
  const action = needed === "upcoming" ? "cancelled" : "ended early";
  return new DomainError("CONFLICT", `Only ${needed === "upcoming" ? "an upcoming" : "a running"} window can be ${action}; this one ${WHAT_TO_DO[state]}. Reload to see it as it is now.`);
}
