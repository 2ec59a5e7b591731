import { Prisma } from "@/lib/generated/prisma/client";

/** Columns of the event row a fan-out reads, as SQL expressions over its CTE. */
export interface FanOutColumns {
  eventId: Prisma.Sql;
  /** The stored form of the event (jsonb) each attempt renders its body from. */
  payload: Prisma.Sql;
  /** When the first attempt is due. */
  firstAttemptAt: Prisma.Sql;
}

/**
 * The deliveries of an event, as an INSERT over the one-row CTE `eventCte`: one per enabled
 * endpoint of its workspace that subscribes to its type (or to every type), skipping endpoints
 * that already have one for it. A delivery's id is made from its endpoint's and its event's, so a
 * second fan-out of one event (a job run again) meets the first one's rows on the primary key.
 * Returns the new deliveries' ids.
 */
export function insertDeliveriesSql(eventCte: string, workspaceId: string, type: string, columns: FanOutColumns): Prisma.Sql {
  return Prisma.sql`INSERT INTO "WebhookDelivery" (id, "workspaceId", "endpointId", "eventId", "eventType", payload, "nextAttemptAt")
    SELECT 'd' || md5(e.id || '/' || ${columns.eventId}), e."workspaceId", e.id, ${columns.eventId}, ${type}, ${columns.payload}, ${columns.firstAttemptAt}
    FROM "WebhookEndpoint" e CROSS JOIN ${Prisma.raw(eventCte)}
    WHERE e."workspaceId" = ${workspaceId} AND e.enabled AND (cardinality(e."eventTypes") = 0 OR ${type} = ANY(e."eventTypes"))
    ON CONFLICT (id) DO NOTHING
    RETURNING id`;
}

/**
 * A CTE to append to a `WITH` that has the event in `eventCte`: its deliveries
 * (`webhook_deliveries`). Each is due at `firstAttemptAt`, and that is all its first attempt needs:
 * the worker's delivery pump claims due deliveries from their rows.
 */
export function fanOutCtes(eventCte: string, workspaceId: string, type: string, columns: FanOutColumns): Prisma.Sql {
  return Prisma.sql`, webhook_deliveries AS (${insertDeliveriesSql(eventCte, workspaceId, type, columns)})`;
}
