import { db } from "@/lib/platform/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { storedPayload } from "./attempt-delivery";
import { insertDeliveriesSql, type FanOutColumns } from "@/lib/platform/events/webhook-fan-out-sql";
import type { EventForDelivery } from "./message-body";

/** An event as the event log hands it to its consumers. */
export interface WebhookEvent extends EventForDelivery {
  workspaceId: string;
}

/**
 * One delivery per enabled endpoint that subscribes to the event's type, each due at `now` (the
 * worker's delivery pump claims it from there). The statement that records an event already does
 * this (lib/platform/events/record-event-sql.ts); this is the same fan-out for an event handed over later
 * (a consume job queued before events fanned out as they were recorded). Run twice for one event,
 * it adds nothing twice. Returns the new deliveries' ids.
 */
export async function fanOutEvent(event: WebhookEvent, now = new Date()): Promise<string[]> {
  const columns: FanOutColumns = {
    eventId: Prisma.sql`${event.id}`,
    payload: Prisma.sql`${JSON.stringify(storedPayload(event))}::jsonb`,
    firstAttemptAt: Prisma.sql`${now}::timestamptz`,
  };
  const created = await db.$queryRaw<{ id: string }[]>(Prisma.sql`WITH handed_over AS (SELECT 1) ${insertDeliveriesSql("handed_over", event.workspaceId, event.type, columns)}`);
  return created.map((row) => row.id);
}
