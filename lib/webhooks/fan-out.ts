import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { ensureQueueExists } from "@/lib/jobs/enqueue-job";
import { storedPayload, type ScheduleAttempt } from "./attempt-delivery";
import { DELIVER_WEBHOOK_JOB } from "./delivery-job";
import { fanOutCtes, insertDeliveriesSql, type FanOutColumns } from "./fan-out-sql";
import type { EventForDelivery } from "./message-body";

/** An event as the event log hands it to its consumers. */
export interface WebhookEvent extends EventForDelivery {
  workspaceId: string;
}

/**
 * One delivery per enabled endpoint that subscribes to the event's type, each with its first
 * attempt queued as its own job. The statement that records an event already does this
 * (lib/events/record-event-sql.ts); this is the same fan-out for an event handed over later (a
 * consume job queued before events fanned out as they were recorded). Run twice for one event,
 * it adds nothing twice.
 *
 * Without `schedule`, the deliveries and their jobs are written by one statement, however many
 * endpoints subscribe. With it (tests that look at the schedule), the same deliveries are written
 * and `schedule` queues each one's first attempt in the same transaction.
 */
export async function fanOutEvent(event: WebhookEvent, schedule?: ScheduleAttempt, now = new Date()): Promise<number> {
  const columns: FanOutColumns = {
    eventId: Prisma.sql`${event.id}`,
    payload: Prisma.sql`${JSON.stringify(storedPayload(event))}::jsonb`,
    firstAttemptAt: Prisma.sql`${now}::timestamptz`,
  };
  if (schedule) {
    return db.$transaction(async (tx) => {
      const created = await tx.$queryRaw<{ id: string }[]>(Prisma.sql`WITH handed_over AS (SELECT 1) ${insertDeliveriesSql("handed_over", event.workspaceId, event.type, columns)}`);
      for (const delivery of created) await schedule(tx, delivery.id, now);
      return created.length;
    });
  }
  await ensureQueueExists(db, DELIVER_WEBHOOK_JOB);
  const rows = await db.$queryRaw<{ count: number | bigint }[]>(Prisma.sql`WITH handed_over AS (SELECT 1)${fanOutCtes("handed_over", event.workspaceId, event.type, columns)}
    SELECT count(*)::int AS count FROM webhook_deliveries`);
  return Number(rows[0]?.count ?? 0);
}
