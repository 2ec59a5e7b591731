import { validate } from "@/lib/platform/core/validate";
import { recordEvent } from "@/lib/platform/events/record-event";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { affectComponents } from "./affect-components";
import { getIncidentDetail } from "./get-incident";
import type { ScopedTx } from "@/lib/platform/db/scoped";
import { createIncidentBody, type CreateIncidentBody, type CreateIncidentInput } from "./schemas";

/**
 * Opens an incident with its first update and its affected components, in one transaction. The
 * workspace lock serialises it with every other incident write, so the component statuses it
 * remembers and sets cannot interleave with another incident opening or resolving.
 */
export async function createIncident(actor: WorkspaceActor, input: CreateIncidentInput) {
  authorize(actor, "status.manage", "open incidents");
  const body = validate(createIncidentBody, input, "The incident is not valid.");
  const { db } = actor;
  return db.$transactionLocked((tx) => openIncident(tx, db.workspaceId, body, new Date()));
}

/**
 * The writes of opening an incident, inside a transaction that holds the workspace lock: the
 * dashboard's and the API's, and a monitor's when it publishes one.
 */
export async function openIncident(tx: ScopedTx, workspaceId: string, body: CreateIncidentBody, openedAt: Date) {
  const incident = await tx.incident.create({
    data: { workspaceId, title: body.title, status: body.status, impact: body.impact, createdAt: openedAt },
  });
  await tx.incidentUpdate.create({
    data: { workspaceId, incidentId: incident.id, status: body.status, impact: body.impact, message: body.message, createdAt: openedAt },
  });
  await affectComponents(tx, workspaceId, incident.id, body.components, openedAt);
  const detail = await getIncidentDetail(tx, workspaceId, incident.id);
  await recordEvent(tx, { workspaceId, type: "incident.created", data: detail });
  return detail;
}
