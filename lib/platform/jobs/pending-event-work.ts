import { db } from "@/lib/platform/db/client";
import { EVENTS_WITH_PENDING_JOBS_SQL } from "./sql";

/**
 * Whether any of `eventIds` is still on its way to consumer `consumer`: its dispatch job, its
 * consume job for that consumer, or one of `laterSteps` (jobs that consumer queues, keyed by the
 * event's id in their data) is waiting or running. A consumer that must act in event order asks
 * this about the events before its own.
 */
export async function eventsStillPending(eventIds: readonly string[], consumer: string, laterSteps: readonly string[]): Promise<boolean> {
  if (eventIds.length === 0) return false;
  // Still to be dispatched counts too: its consume jobs do not exist yet.
  const names = ["events.dispatch", "events.consume", ...laterSteps];
  const rows = await db.$queryRawUnsafe<unknown[]>(EVENTS_WITH_PENDING_JOBS_SQL, eventIds, names, "events.consume", consumer);
  return rows.length > 0;
}
