import { db } from "@/lib/db/client";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { log } from "@/lib/log/logger";
import { EVENT_CONSUMERS } from "./consumers";
import { storedEvent } from "./record-event";
import type { EventConsumer } from "./types";

// The two jobs between an event and its consumers: the dispatch job (enqueued with the change)
// fans out one consume job per consumer, so each is retried on its own.

export const CONSUME_EVENT_JOB = "events.consume";

export async function dispatchEvent(data: { eventId: string }, consumers: readonly EventConsumer[] = EVENT_CONSUMERS): Promise<void> {
  await db.$transaction(async (tx) => {
    for (const consumer of consumers) {
      // Keyed, so a dispatch run twice (its worker died after this commit) queues no second copy
      // of a consume job still waiting.
      await enqueueJob(tx, CONSUME_EVENT_JOB, { eventId: data.eventId, consumer: consumer.name }, { singletonKey: `${data.eventId}:${consumer.name}` });
    }
  });
}

export async function consumeEvent(
  data: { eventId: string; consumer: string },
  consumers: readonly EventConsumer[] = EVENT_CONSUMERS,
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
