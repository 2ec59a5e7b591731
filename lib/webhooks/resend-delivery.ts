import { DomainError } from "@/lib/core/errors";
import { db } from "@/lib/db/client";
import { authorize, type WorkspaceActor } from "@/lib/workspaces/actor";
import { scheduleAttempt } from "./queue-delivery";
import { deliveryView } from "./view";

/** Sends a delivery again from the start of its schedule, whatever its last outcome. */
export async function resendDelivery(actor: WorkspaceActor, deliveryId: string, now = new Date()) {
  authorize(actor, "webhooks.manage", "resend webhook deliveries");
  const found = await actor.db.webhookDelivery.findUnique({ where: { id: deliveryId }, select: { id: true } });
  if (!found) throw new DomainError("NOT_FOUND", "Delivery not found. Its endpoint may have been deleted in another tab.");
  const delivery = await db.$transaction(async (tx) => {
    const updated = await tx.webhookDelivery.update({
      where: { id: found.id },
      data: { status: "PENDING", attempts: 0, nextAttemptAt: now, error: null },
    });
    await scheduleAttempt(tx, updated.id, now);
    return updated;
  });
  return deliveryView(delivery);
}
