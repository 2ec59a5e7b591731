import { randomUUID } from "node:crypto";
import type { TransactionSql } from "@/lib/platform/db/scoped";
import { Prisma } from "@/lib/generated/prisma/client";
import { jobSettings } from "@/lib/platform/jobs/config";
import { ensureQueue } from "@/lib/platform/jobs/enqueue-job";
import { insertJobRowSql } from "@/lib/platform/jobs/sql";
import { fanOutCtes } from "@/lib/platform/events/webhook-fan-out-sql";
import type { EventType } from "./catalogue";
import { DISPATCH_EVENT_JOB } from "./event-jobs";

// An event is written by one statement with everything that follows from it: the event row, its
// dispatch job (which hands it to the consumers of its type, lib/platform/events/dispatch.ts), and a delivery, due at once, per
// webhook endpoint that subscribes to it (its attempts read the event from the event's row). All of
// it commits with the change or not at all, and nothing waits for a job to learn what to do next.

// Events are read oldest first by (createdAt, id). A transaction that records several events stamps
// each with the clock at its statement (not the transaction's start, which they would all share),
// and ids that grow within a process keep apart two stamped in the same millisecond.
let sequence = 0;
function newEventId(): string {
  sequence = (sequence + 1) % 36 ** 4;
  return `e${Date.now().toString(36).padStart(9, "0")}${sequence.toString(36).padStart(4, "0")}${randomUUID().replaceAll("-", "").slice(0, 12)}`;
}

/**
 * recordEvent as CTEs to append to a `WITH` whose CTE `fromCte` yields a row exactly when the change
 * happened; `dataSql` (and `previousSql`) are jsonb expressions over that row. The CTE
 * `recorded_event` returns the event. Call prepareEventSql() first.
 */
export function recordEventCtes(
  fromCte: string,
  workspaceId: string,
  type: EventType,
  dataSql: Prisma.Sql,
  previousSql: Prisma.Sql = Prisma.sql`NULL::jsonb`,
  contextSql: Prisma.Sql = Prisma.sql`NULL::jsonb`,
): Prisma.Sql {
  const id = newEventId();
  const dispatch = insertJobRowSql(DISPATCH_EVENT_JOB, Prisma.sql`jsonb_build_object('eventId', recorded_event.id)`, "recorded_event", jobSettings());
  return Prisma.sql`, recorded_event AS (
      INSERT INTO "Event" (id, "workspaceId", type, data, previous, context, "createdAt")
      SELECT ${id}, ${workspaceId}, ${type}, ${dataSql}, ${previousSql}, ${contextSql}, clock_timestamp() FROM ${Prisma.raw(fromCte)}
      RETURNING id, "workspaceId", type, "createdAt", data, previous, context
    ), dispatched AS (${dispatch})${fanOutCtes("recorded_event", workspaceId, type, {
      eventId: Prisma.sql`recorded_event.id`,
      // The event's own row is what its deliveries' attempts render: no copy per endpoint.
      payload: Prisma.sql`NULL::jsonb`,
      firstAttemptAt: Prisma.sql`recorded_event."createdAt"`,
    })}`;
}

/** The queue an event's statement writes to must exist before it runs (checked once per process). */
export async function prepareEventSql(sql: TransactionSql): Promise<void> {
  await ensureQueue(sql, DISPATCH_EVENT_JOB);
}
