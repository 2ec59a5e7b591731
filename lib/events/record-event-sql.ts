import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { jobSettings } from "@/lib/jobs/config";
import { ensureQueueExists } from "@/lib/jobs/enqueue-job";
import { insertJobRowSql } from "@/lib/jobs/sql";
import type { EventType } from "./catalogue";
import { DISPATCH_EVENT_JOB } from "./record-event";

/**
 * recordEvent as part of one statement: CTEs to append to a `WITH` whose CTE `fromCte` yields a
 * row exactly when the change happened. They write the event (data: the jsonb expression
 * `dataSql` over that row) and its dispatch job in the same statement, so a hot path (a vote)
 * holds its row lock for one round trip, not one per write. Call prepareEventSql() first.
 */
export function recordEventCtes(fromCte: string, workspaceId: string, type: EventType, dataSql: Prisma.Sql): Prisma.Sql {
  const id = `e${randomUUID().replaceAll("-", "")}`;
  const job = insertJobRowSql(DISPATCH_EVENT_JOB, Prisma.sql`jsonb_build_object('eventId', recorded_event.id)`, "recorded_event", jobSettings());
  return Prisma.sql`, recorded_event AS (
      INSERT INTO "Event" (id, "workspaceId", type, data) SELECT ${id}, ${workspaceId}, ${type}, ${dataSql} FROM ${Prisma.raw(fromCte)}
      RETURNING id
    ), dispatched AS (${job})`;
}

/** The dispatch queue must exist before a statement writes to it (once per process). */
export function prepareEventSql(client: Pick<Db, "$queryRawUnsafe">): Promise<void> {
  return ensureQueueExists(client, DISPATCH_EVENT_JOB);
}
