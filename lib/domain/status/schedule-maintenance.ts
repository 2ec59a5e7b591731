import { DomainError } from "@/lib/platform/core/errors";
import { validate } from "@/lib/platform/core/validate";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { recordEvent } from "@/lib/platform/events/record-event";
import { getMaintenanceOrThrow } from "./get-maintenance";
import { queueMaintenanceBoundaries } from "./maintenance-events";
import { scheduleMaintenanceBody, type ScheduleMaintenanceInput } from "./schemas";

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** A start this close behind now is a form filled in a minute ago, not history: it starts now. */
export const START_GRACE_MS = 5 * MINUTE_MS;
export const MAX_WINDOW_DAYS = 30;
export const MAX_LEAD_DAYS = 365;

/**
 * Schedules a maintenance window (docs/users.md: "Maintenance windows"). Windows are announced ahead,
 * never recorded after the fact: one that would already be over, or start more than five minutes
 * ago, is refused with a field error (a start within those five minutes is taken as now). At most
 * 30 days long and a year ahead. Windows may overlap, on the same components too.
 */
export async function scheduleMaintenance(actor: WorkspaceActor, input: ScheduleMaintenanceInput, now = new Date()) {
  authorize(actor, "status.manage", "schedule maintenance");
  const body = validate(scheduleMaintenanceBody, input, "The maintenance window is not valid.");
  const startsAt = new Date(Math.max(body.startsAt.getTime(), now.getTime()));
  refuseBadTimes(body.startsAt, body.endsAt, now);

  const id = await actor.db.$transactionLocked(async (tx) => {
    const found = await tx.statusComponent.findMany({ where: { id: { in: body.componentIds } }, select: { id: true } });
    if (found.length !== body.componentIds.length) {
      throw new DomainError("NOT_FOUND", "A chosen component no longer exists.", [
        { path: "componentIds", message: "A chosen component no longer exists (deleted in another tab?). Reload and choose again.", code: "not_found" },
      ]);
    }
    const window = await tx.maintenance.create({
      data: { workspaceId: actor.workspaceId, title: body.title, message: body.message, startsAt, endsAt: body.endsAt },
    });
    await tx.maintenanceComponent.createMany({
      data: body.componentIds.map((componentId) => ({ workspaceId: actor.workspaceId, maintenanceId: window.id, componentId })),
    });
    await recordEvent(tx, { workspaceId: actor.workspaceId, type: "maintenance.scheduled", data: await getMaintenanceOrThrow(tx, window.id, now) });
    await queueMaintenanceBoundaries(tx, actor.workspaceId, window);
    return window.id;
  });
  return getMaintenanceOrThrow(actor.db, id, now);
}

function refuseBadTimes(startsAt: Date, endsAt: Date, now: Date) {
  const details = [];
  if (endsAt.getTime() <= now.getTime()) {
    details.push({ path: "endsAt", message: "This window would already be over. Maintenance is announced ahead; pick an end in the future.", code: "in_past" });
  } else if (startsAt.getTime() < now.getTime() - START_GRACE_MS) {
    details.push({ path: "startsAt", message: "The start is in the past. Pick a time from now on.", code: "in_past" });
  }
  if (startsAt.getTime() > now.getTime() + MAX_LEAD_DAYS * DAY_MS) {
    details.push({ path: "startsAt", message: `Schedule at most ${MAX_LEAD_DAYS} days ahead.`, code: "too_big" });
  }
  if (endsAt.getTime() - Math.max(startsAt.getTime(), now.getTime()) > MAX_WINDOW_DAYS * DAY_MS) {
    details.push({ path: "endsAt", message: `A window lasts at most ${MAX_WINDOW_DAYS} days.`, code: "too_big" });
  }
  if (details.length > 0) throw new DomainError("VALIDATION_ERROR", "The maintenance window is not valid.", details);
}
