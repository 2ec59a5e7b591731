import { db } from "@/lib/platform/db/client";
import { log } from "@/lib/platform/log/logger";
import { storedEvent } from "./record-event";
import type { EventConsumer } from "./types";

// The job between an event and one consumer. An event's statement queues one per consumer its type
// is routed to (lib/platform/events/routing.ts), so each is retried on its own.

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
