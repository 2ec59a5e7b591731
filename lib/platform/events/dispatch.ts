import { db } from "@/lib/platform/db/client";
import { enqueueJob } from "@/lib/platform/jobs/enqueue-job";
import { CONSUME_EVENT_JOB, DISPATCH_EVENT_JOB } from "./event-jobs";
import { storedEvent } from "./record-event";
import type { EventConsumer, StoredEvent } from "./types";

// Between an event and its consumers. The statement that records an event queues one dispatch job
// for it; the dispatch hands it to each consumer that names its type, as a consume job of its own,
// so each consumer is retried on its own. The consumers are handed in by the worker's composition
// root: the platform names none, and no table of types lives here.

export { CONSUME_EVENT_JOB, DISPATCH_EVENT_JOB };

/** The consumers that take events of `type`. */
export function consumersOf(type: string, consumers: readonly EventConsumer[]): EventConsumer[] {
  return consumers.filter((consumer) => (consumer.types as readonly string[]).includes(type));
}

/** Queues one consume job per consumer of the event's type; returns the event (null when it went with its workspace). */
export async function dispatchEvent(data: { eventId: string }, consumers: readonly EventConsumer[]): Promise<StoredEvent | null> {
  const row = await db.event.findUnique({ where: { id: data.eventId } });
  if (!row) return null;
  const event = storedEvent(row);
  const takers = consumersOf(event.type, consumers);
  if (takers.length > 0) {
    await db.$transaction(async (tx) => {
      // A dispatch run twice (its completion lost) queues nothing twice while the first jobs wait.
      for (const consumer of takers) await enqueueJob(tx, CONSUME_EVENT_JOB, { eventId: event.id, consumer: consumer.name }, { singletonKey: `${event.id}:${consumer.name}` });
    });
  }
  return event;
}

export async function consumeEvent(data: { eventId: string; consumer: string }, consumers: readonly EventConsumer[]): Promise<void> {
  const consumer = consumers.find((candidate) => candidate.name === data.consumer);
  // Only a dispatch of this build queues consume jobs, and it names only consumers it has.
  if (!consumer) throw new Error(`No event consumer "${data.consumer}" is defined in this build.`);
  // Gone with its workspace (deleted since): nothing left to act on.
  const row = await db.event.findUnique({ where: { id: data.eventId } });
  if (!row) return;
  await consumer.handle(storedEvent(row));
}
