import { randomUUID } from "node:crypto";
import { db } from "@/lib/platform/db/client";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { storedPayload } from "./attempt-delivery";
import { TEST_EVENT_TYPE } from "./event-types";
import { getWebhookOrThrow } from "./get-webhook";
import { deliveryView } from "./view";

/**
 * Queues a `webhook.test` delivery to one endpoint (paused or not subscribed, it still gets it:
 * the point is to see the endpoint answer). It shows in the delivery log like any other.
 */
export async function sendTestEvent(actor: WorkspaceActor, endpointId: string, now = new Date()) {
  authorize(actor, "webhooks.manage", "send test events");
  const endpoint = await getWebhookOrThrow(actor.db, endpointId);
  const eventId = `test_${randomUUID()}`;
  const payload = storedPayload({
    id: eventId,
    type: TEST_EVENT_TYPE,
    createdAt: now,
    data: { endpointId: endpoint.id, message: "A test event sent from the webhook settings." },
  });
  // Through the workspace's own id: the endpoint was found in it above. Due now, the worker's
  // delivery pump claims it like any other delivery.
  const delivery = await db.webhookDelivery.create({
    data: { workspaceId: actor.workspaceId, endpointId: endpoint.id, eventId, eventType: TEST_EVENT_TYPE, payload, nextAttemptAt: now },
  });
  return deliveryView(delivery);
}
