import { DomainError } from "@/lib/platform/core/errors";
import { validate } from "@/lib/platform/core/validate";
import type { IncidentStatus } from "@/lib/generated/prisma/enums";
import { recordEvent } from "@/lib/platform/events/record-event";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { affectComponents } from "./affect-components";
import { getIncidentDetail, getIncidentOrThrow } from "./get-incident";
import { allowedIncidentStatuses, canTransitionIncident } from "./incident-rules";
import { nextUpdateTime } from "./next-update-time";
import { restoreComponents } from "./restore-components";
import type { ScopedTx } from "@/lib/platform/db/scoped";
import { updateIncidentBody, type UpdateIncidentBody, type UpdateIncidentInput } from "./schemas";

/**
 * Appends an update: a message, optionally a new status (the forward-only chain of incident-rules.ts), impact and
 * component statuses. `resolved` stamps resolvedAt and restores the affected components.
 */
export async function updateIncident(actor: WorkspaceActor, id: string, input: UpdateIncidentInput) {
  authorize(actor, "status.manage", "update incidents");
  const body = validate(updateIncidentBody, input, "The update is not valid.");
  const { db } = actor;
  return db.$transactionLocked((tx) => appendIncidentUpdate(tx, db.workspaceId, id, body));
}

/**
 * The writes of one update, inside a transaction that holds the workspace lock: the dashboard's
 * and the API's, and a monitor's when its checks recover and it resolves the incident it opened.
 */
export async function appendIncidentUpdate(tx: ScopedTx, workspaceId: string, id: string, body: UpdateIncidentBody) {
  const current = await getIncidentOrThrow(tx, id);
  const status = body.status ?? current.status;
  if (!canTransitionIncident(current.status, status)) throw transitionRefused(current.status, status);
  const impact = body.impact ?? current.impact;
  const at = await nextUpdateTime(tx, id);

  await affectComponents(tx, workspaceId, id, body.components, at);
  // The workspace lock already serialises incident writes; the condition on the status just read
  // keeps "two updates cannot both leave the same state" true for any writer that skips the lock.
  const { count } = await tx.incident.updateMany({
    where: { id, status: current.status },
    data: { status, impact, ...(status === "resolved" ? { resolvedAt: at } : {}) },
  });
  if (count === 0) throw new DomainError("CONFLICT", "The incident changed while this request ran. Fetch it and retry.");
  if (status === "resolved") await restoreComponents(tx, workspaceId, id, body.components.map((change) => change.id), at);
  await tx.incidentUpdate.create({
    data: { workspaceId, incidentId: id, status, impact, message: body.message, createdAt: at },
  });
  const detail = await getIncidentDetail(tx, workspaceId, id);
  await recordEvent(tx, { workspaceId, type: status === "resolved" ? "incident.resolved" : "incident.updated", data: detail, previous: { status: current.status, impact: current.impact } });
  return detail;
}

function transitionRefused(from: IncidentStatus, to: IncidentStatus) {
  const allowed = allowedIncidentStatuses(from);
  const message =
    from === "resolved"
      ? "The incident is resolved; it takes no further updates."
      : `Cannot move an incident from ${from} to ${to}. Allowed: ${allowed.join(", ")}.`;
  return new DomainError("VALIDATION_ERROR", from === "resolved" ? "A resolved incident cannot be updated." : "That status change is not allowed.", [
    { path: "status", message, code: "invalid_transition" },
  ]);
}
