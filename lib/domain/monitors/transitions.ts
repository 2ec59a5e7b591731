import type { ScopedTx } from "@/lib/platform/db/scoped";
import type { ComponentStatus } from "@/lib/generated/prisma/enums";
import type { Monitor } from "@/lib/generated/prisma/client";
import { recordEvent } from "@/lib/platform/events/record-event";
import { appendIncidentUpdate } from "@/lib/domain/status/update-incident";
import { openIncident } from "@/lib/domain/status/create-incident";
import { setComponentStatuses } from "@/lib/domain/status/set-component-statuses";
import { monitorEventView } from "./monitor-view";
import { outageOpenedMessage, outageResolvedMessage, outageTitle } from "./outage-timeline";
import type { Transition } from "./rules";

// What a monitor's change of state does to its component, its outage and incident, and the events:
// run in the transaction that recorded the check, holding the workspace lock (incident writes are
// serialised by it).

/**
 * Outages one monitor may open in an hour. A target that flaps (down, up, down, …) past this is
 * shown as a partial outage with one `monitor.degraded`, and opens no more incidents or drafts until
 * it settles: the readers and the subscribers see one incident, not a storm of them.
 */
export const MAX_OUTAGES_PER_HOUR = 2;

/** The statuses a monitor itself sets; a status set by hand otherwise is left alone. */
const MONITOR_STATUSES: ComponentStatus[] = ["major_outage", "partial_outage", "degraded_performance"];

async function componentOf(tx: ScopedTx, id: string) {
  return tx.statusComponent.findFirst({ where: { id }, select: { id: true, name: true, status: true } });
}

async function event(tx: ScopedTx, monitor: Monitor, type: "monitor.down" | "monitor.up" | "monitor.degraded", reason: string | null, outageId: string | null) {
  await recordEvent(tx, { workspaceId: monitor.workspaceId, type, data: { monitor: monitorEventView(monitor), reason, outageId } });
}

async function wentDown(tx: ScopedTx, monitor: Monitor, reason: string, at: Date, previousState: Monitor["state"]) {
  const component = await componentOf(tx, monitor.componentId);
  if (!component) return;
  const recent = await tx.monitorOutage.count({ where: { monitorId: monitor.id, startedAt: { gte: new Date(at.getTime() - 3_600_000) } } });
  if (recent >= MAX_OUTAGES_PER_HOUR) {
    if (component.status === "operational" || component.status === "degraded_performance") {
      await setComponentStatuses(tx, monitor.workspaceId, [{ id: component.id, status: "partial_outage" }], at);
    }
    await event(tx, monitor, "monitor.degraded", `flapping between up and down: ${reason}`, null);
    return;
  }
  // A component the monitor had marked degraded goes back to what it was before that.
  const previousStatus: ComponentStatus = previousState === "degraded" && component.status === "degraded_performance" ? "operational" : component.status;
  let incidentId: string | null = null;
  if (monitor.incidentMode === "publish") {
    const incident = await openIncident(
      tx,
      monitor.workspaceId,
      { title: outageTitle(component.name), message: outageOpenedMessage(monitor.name, at, reason), status: "investigating", impact: "major", components: [{ id: component.id, status: "major_outage" }] },
      at,
    );
    incidentId = incident.id;
    await tx.incidentComponent.updateMany({ where: { incidentId, componentId: component.id }, data: { previousStatus } });
  } else {
    await setComponentStatuses(tx, monitor.workspaceId, [{ id: component.id, status: "major_outage" }], at);
  }
  const outage = await tx.monitorOutage.create({
    data: { workspaceId: monitor.workspaceId, monitorId: monitor.id, componentId: component.id, startedAt: at, reason, previousStatus, incidentId },
  });
  await event(tx, monitor, "monitor.down", reason, outage.id);
}

async function cameBack(tx: ScopedTx, monitor: Monitor, at: Date) {
  const outage = await tx.monitorOutage.findFirst({ where: { monitorId: monitor.id, endedAt: null }, orderBy: { startedAt: "desc" } });
  const component = await componentOf(tx, monitor.componentId);
  if (outage) {
    await tx.monitorOutage.updateMany({ where: { id: outage.id }, data: { endedAt: at } });
    const incident = outage.incidentId ? await tx.incident.findFirst({ where: { id: outage.incidentId }, select: { resolvedAt: true } }) : null;
    if (incident && !incident.resolvedAt) {
      await appendIncidentUpdate(tx, monitor.workspaceId, outage.incidentId!, {
        status: "resolved",
        message: outageResolvedMessage(monitor.name, outage.startedAt, at, outage.reason),
        components: [],
      });
    } else if (component && MONITOR_STATUSES.includes(component.status)) {
      await setComponentStatuses(tx, monitor.workspaceId, [{ id: component.id, status: outage.previousStatus }], at);
    }
  } else if (component && MONITOR_STATUSES.includes(component.status)) {
    await setComponentStatuses(tx, monitor.workspaceId, [{ id: component.id, status: "operational" }], at);
  }
  await event(tx, monitor, "monitor.up", null, outage?.id ?? null);
}

async function slowedDown(tx: ScopedTx, monitor: Monitor, at: Date, durationMs: number | null) {
  const component = await componentOf(tx, monitor.componentId);
  if (component?.status === "operational") await setComponentStatuses(tx, monitor.workspaceId, [{ id: component.id, status: "degraded_performance" }], at);
  await event(tx, monitor, "monitor.degraded", `answers slower than ${monitor.degradedAboveMs} ms${durationMs != null ? ` (${durationMs} ms)` : ""}`, null);
}

export async function applyTransition(tx: ScopedTx, monitor: Monitor, transition: Transition, outcome: { error: string | null; durationMs: number | null }, at: Date, previousState: Monitor["state"]) {
  if (transition === "down") await wentDown(tx, monitor, outcome.error ?? "the check failed", at, previousState);
  else if (transition === "up") await cameBack(tx, monitor, at);
  else if (transition === "degraded") await slowedDown(tx, monitor, at, outcome.durationMs);
}
