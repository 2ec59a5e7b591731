import { recordEvent } from "@/lib/platform/events/record-event";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { maintenanceStateConflict } from "./end-maintenance";
import { getMaintenanceOrThrow } from "./get-maintenance";

/** Calls off a window that has not started: it disappears from every surface. */
export async function cancelMaintenance(actor: WorkspaceActor, id: string, now = new Date()) {
  authorize(actor, "status.manage", "cancel maintenance");
  await actor.db.$transactionLocked(async (tx) => {
    const window = await getMaintenanceOrThrow(tx, id, now);
    if (window.state !== "upcoming") throw maintenanceStateConflict(window.state, "upcoming");
    await tx.maintenance.deleteMany({ where: { id } });
    // Its boundary jobs find the window gone and record nothing; this is its last event.
    await recordEvent(tx, { workspaceId: actor.workspaceId, type: "maintenance.cancelled", data: window });
  });
  return { id };
}
