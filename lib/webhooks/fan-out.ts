import { db } from "@/lib/db/client";
import { storedPayload, type ScheduleAttempt } from "./attempt-delivery";
import type { EventForDelivery } from "./message-body";

/** An event as the event log hands it to its consumers. */
export interface WebhookEvent extends EventForDelivery {
  workspaceId: string;
}

/**
 * One delivery per enabled endpoint that subscribes to the event's type, each with its first
 * attempt queued as its own job. Runs in the event's consumer job, never in the request that
 * caused the event; run twice for one event (a retried consumer), it adds nothing twice.
 */
export async function fanOutEvent(event: WebhookEvent, schedule: ScheduleAttempt, now = new Date()): Promise<number> {
  const endpoints = await db.webhookEndpoint.findMany({
    where: { workspaceId: event.workspaceId, enabled: true, OR: [{ eventTypes: { isEmpty: true } }, { eventTypes: { has: event.type } }] },
    select: { id: true },
  });
  if (endpoints.length === 0) return 0;
  const payload = storedPayload(event);
  return db.$transaction(async (tx) => {
    const created = await tx.webhookDelivery.createManyAndReturn({
      data: endpoints.map((endpoint) => ({ workspaceId: event.workspaceId, endpointId: endpoint.id, eventId: event.id, eventType: event.type, payload, nextAttemptAt: now })),
      skipDuplicates: true,
      select: { id: true },
    });
    for (const delivery of created) await schedule(tx, delivery.id, now);
    return created.length;
  });
}
