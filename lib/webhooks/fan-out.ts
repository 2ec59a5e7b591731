import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { jobSettings } from "@/lib/jobs/config";
import { ensureQueueExists } from "@/lib/jobs/enqueue-job";
import { insertJobRowSql } from "@/lib/jobs/sql";
import { storedPayload, type ScheduleAttempt } from "./attempt-delivery";
import type { EventForDelivery } from "./message-body";
import { DELIVER_WEBHOOK_JOB, DELIVERY_JOB_RETRY_LIMIT } from "./queue-delivery";

/** An event as the event log hands it to its consumers. */
export interface WebhookEvent extends EventForDelivery {
  workspaceId: string;
}

// The deliveries of an event: one per enabled endpoint of its workspace that subscribes to its
// type (or to every type), skipping endpoints that already have one for it.
function insertDeliveriesSql(event: WebhookEvent, now: Date): Prisma.Sql {
  return Prisma.sql`INSERT INTO "WebhookDelivery" (id, "workspaceId", "endpointId", "eventId", "eventType", payload, "nextAttemptAt")
    SELECT 'd' || replace(gen_random_uuid()::text, '-', ''), e."workspaceId", e.id, ${event.id}, ${event.type}, ${JSON.stringify(storedPayload(event))}::jsonb, ${now}::timestamptz
    FROM "WebhookEndpoint" e
    WHERE e."workspaceId" = ${event.workspaceId} AND e.enabled AND (cardinality(e."eventTypes") = 0 OR ${event.type} = ANY(e."eventTypes"))
    ON CONFLICT ("endpointId", "eventId") DO NOTHING
    RETURNING id`;
}

/**
 * One delivery per enabled endpoint that subscribes to the event's type, each with its first
 * attempt queued as its own job. Runs in the event's consumer job, never in the request that
 * caused the event; run twice for one event (a retried consumer), it adds nothing twice.
 *
 * Without `schedule`, the deliveries and their jobs are written by one statement, however many
 * endpoints subscribe. With it (tests that look at the schedule), the same deliveries are written
 * and `schedule` queues each one's first attempt in the same transaction.
 */
export async function fanOutEvent(event: WebhookEvent, schedule?: ScheduleAttempt, now = new Date()): Promise<number> {
  if (schedule) {
    return db.$transaction(async (tx) => {
      const created = await tx.$queryRaw<{ id: string }[]>(insertDeliveriesSql(event, now));
      for (const delivery of created) await schedule(tx, delivery.id, now);
      return created.length;
    });
  }
  await ensureQueueExists(db, DELIVER_WEBHOOK_JOB);
  const settings = jobSettings();
  const job = insertJobRowSql(DELIVER_WEBHOOK_JOB, Prisma.sql`jsonb_build_object('deliveryId', created.id)`, "created", {
    retryLimit: DELIVERY_JOB_RETRY_LIMIT,
    retryDelaySeconds: settings.retryDelaySeconds,
    expireInSeconds: settings.expireInSeconds,
  });
  const rows = await db.$queryRaw<{ count: number | bigint }[]>(Prisma.sql`WITH created AS (${insertDeliveriesSql(event, now)}), queued AS (${job})
    SELECT count(*)::int AS count FROM created`);
  return Number(rows[0]?.count ?? 0);
}
