import { db } from "@/lib/db/client";
import { JOB_SCHEMA } from "@/lib/jobs/sql";

/** The events a workspace recorded, oldest first. */
export async function eventsOf(workspaceId: string, type?: string) {
  const rows = await db.event.findMany({ where: { workspaceId, ...(type ? { type } : {}) }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map((row) => ({ type: row.type, data: row.data as Record<string, unknown>, previous: row.previous as Record<string, unknown> | null, id: row.id }));
}

/** The dispatch jobs queued for these event ids. */
export async function dispatchJobsFor(eventIds: string[]) {
  const rows = await db.$queryRawUnsafe<{ eventId: string }[]>(
    `SELECT data->>'eventId' AS "eventId" FROM ${JOB_SCHEMA}.job WHERE name = 'events.dispatch'`,
  );
  return rows.filter((row) => eventIds.includes(row.eventId));
}
