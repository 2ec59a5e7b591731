import { db } from "@/lib/platform/db/client";
import { JOB_SCHEMA } from "@/lib/platform/jobs/sql";

/** The events a workspace recorded, oldest first. */
export async function eventsOf(workspaceId: string, type?: string) {
  const rows = await db.event.findMany({ where: { workspaceId, ...(type ? { type } : {}) }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map((row) => ({ type: row.type, data: row.data as Record<string, unknown>, previous: row.previous as Record<string, unknown> | null, id: row.id }));
}

/** Which of these events have their dispatch (or consumers') jobs queued (each id once). */
export async function eventsWithConsumeJobs(eventIds: string[]) {
  const rows = await db.$queryRawUnsafe<{ eventId: string }[]>(
    `SELECT DISTINCT data->>'eventId' AS "eventId" FROM ${JOB_SCHEMA}.job WHERE name IN ('events.dispatch', 'events.consume') AND data->>'eventId' = ANY($1::text[])`,
    eventIds,
  );
  return rows.map((row) => row.eventId);
}
