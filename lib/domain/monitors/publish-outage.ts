import { DomainError } from "@/lib/platform/core/errors";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { openIncident } from "@/lib/domain/status/create-incident";
import { outageOpenedMessage, outageTitle } from "./outage-timeline";

/**
 * Publishes the draft incident a monitor opened: one click turns the outage into a real incident
 * (subscribers are mailed then, never for a draft). It remembers the status the component had
 * before the monitor changed it, so resolving gives that back.
 */
export async function publishOutage(actor: WorkspaceActor, outageId: string) {
  authorize(actor, "monitors.publishIncident", "publish incidents from monitors");
  return actor.db.$transactionLocked(async (tx) => {
    const outage = await tx.monitorOutage.findFirst({ where: { id: outageId }, include: { monitor: { select: { name: true } } } });
    if (!outage) throw new DomainError("NOT_FOUND", "This outage no longer exists (its monitor was deleted).");
    if (outage.incidentId) throw new DomainError("CONFLICT", "This outage is already published as an incident.");
    if (outage.endedAt) throw new DomainError("CONFLICT", "The checks passed again before this was published; there is nothing to announce.");
    const component = await tx.statusComponent.findFirst({ where: { id: outage.componentId }, select: { id: true, name: true, status: true } });
    if (!component) throw new DomainError("NOT_FOUND", "The component of this outage was deleted.");
    const incident = await openIncident(
      tx,
      actor.workspaceId,
      {
        title: outageTitle(component.name),
        message: outageOpenedMessage(outage.monitor.name, outage.startedAt, outage.reason),
        status: "investigating",
        impact: "major",
        components: [{ id: component.id, status: component.status === "operational" ? "major_outage" : component.status }],
      },
      new Date(),
    );
    await tx.incidentComponent.updateMany({ where: { incidentId: incident.id, componentId: component.id }, data: { previousStatus: outage.previousStatus } });
    await tx.monitorOutage.updateMany({ where: { id: outage.id }, data: { incidentId: incident.id } });
    return incident;
  });
}
