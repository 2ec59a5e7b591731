import { db } from "@/lib/platform/db/client";
import { enqueueJob } from "@/lib/platform/jobs/enqueue-job";
import { log } from "@/lib/platform/log/logger";
import { storedEvent } from "./record-event";
import { CONSUME_EVENT_JOB, consumersOf } from "./routing";
import type { EventConsumer } from "./types";

// The job between an event and one consumer. An event's statement queues one per consumer its type
// is routed to (lib/platform/events/routing.ts), so each is retried on its own.

/**
 * The step events took before they queued their consume jobs themselves: a dispatch job still
 * waiting from an earlier version queues them now. Keyed, so a dispatch run twice (its worker
 * died after this commit) queues no second copy of a consume job still waiting.
 */
export const DISPATCH_EVENT_JOB = "events.dispatch";

export async function dispatchEvent(data: { eventId: string }): Promise<void> {
  const row = await db.event.findUnique({ where: { id: data.eventId }, select: { type: true } });
  if (!row) return;
  await db.$transaction(async (tx) => {
    for (const consumer of [...consumersOf(row.type), "webhooks"]) {
      await enqueueJob(tx, CONSUME_EVENT_JOB, { eventId: data.eventId, consumer }, { singletonKey: `${data.eventId}:${consumer}` });
    }
  });
}

export async function consumeEvent(
  data: { eventId: string; consumer: string },
  /** Every consumer there is (the worker's composition root names them). */
  consumers: readonly EventConsumer[],
): Promise<void> {
  const consumer = consumers.find((candidate) => candidate.name === data.consumer);
  if (!consumer) {
    log.warn({ consumer: data.consumer, eventId: data.eventId }, "event consumer no longer exists; job dropped");
    return;
  }
  // Gone with its workspace (deleted since): nothing left to act on.
  const row = await db.event.findUnique({ where: { id: data.eventId } });
  if (!row) return;
  await consumer.handle(storedEvent(row));
}
