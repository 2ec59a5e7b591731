import { DomainError } from "@/lib/platform/core/errors";
import { db } from "@/lib/platform/db/client";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { deliveryView } from "./view";

/**
 * Sends a delivery again from the start of its schedule, whatever its last outcome: the row is
 * made pending and due now, and the worker's delivery pump claims it. A lease it still has (an
 * attempt in flight) is left alone, so the resend never runs beside that attempt.
 */
export async function resendDelivery(actor: WorkspaceActor, deliveryId: string, now = new Date()) {
  authorize(actor, "webhooks.manage", "resend webhook deliveries");
  const found = await actor.db.webhookDelivery.findUnique({ where: { id: deliveryId }, select: { id: true } });
  if (!found) throw new DomainError("NOT_FOUND", "Delivery not found. Its endpoint may have been deleted in another tab.");
  const delivery = await db.webhookDelivery.update({
    where: { id: found.id },
    data: { status: "PENDING", attempts: 0, nextAttemptAt: now, error: null },
  });
  return deliveryView(delivery);
}
