import { z } from "zod";
import { db } from "@/lib/platform/db/client";
import { defineJob } from "@/lib/platform/jobs/define-job";

// Check results are kept raw for RAW_DAYS, and summed per hour and per day (count, failures, p50
// and p95 of the passing checks' times) for ROLLUP_DAYS. One job, every hour, keeps it so: it sums
// the hours and days that may have changed (every write is an upsert, so running it twice, or
// late, gives the same rows), then deletes what is past keeping in batches, so neither table grows
// with time, only with the number of monitors.

export const RAW_DAYS = 7;
export const ROLLUP_DAYS = 400;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Rows deleted per statement: short locks, and a backlog after downtime goes in several. */
const PRUNE_BATCH = 10_000;

const ROLLUP_SQL = `INSERT INTO "MonitorRollup" ("monitorId", period, bucket, checks, failures, "p50Ms", "p95Ms")
  SELECT "monitorId", $3, date_trunc($3, "checkedAt", 'UTC'), count(*)::int, (count(*) FILTER (WHERE NOT ok))::int,
    (percentile_disc(0.5) WITHIN GROUP (ORDER BY "durationMs") FILTER (WHERE ok))::int,
    (percentile_disc(0.95) WITHIN GROUP (ORDER BY "durationMs") FILTER (WHERE ok))::int
  FROM "MonitorCheck" WHERE "checkedAt" >= $1 AND "checkedAt" < $2
  GROUP BY 1, 3
  ON CONFLICT ("monitorId", period, bucket) DO UPDATE SET checks = excluded.checks, failures = excluded.failures, "p50Ms" = excluded."p50Ms", "p95Ms" = excluded."p95Ms"`;

async function pruneBatches(statement: string, before: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await db.$executeRawUnsafe(statement, before, PRUNE_BATCH);
    total += deleted;
    if (deleted < PRUNE_BATCH) return total;
  }
}

/** Sums the hours since `now` minus three hours and the days since two days ago, then prunes. */
export async function rollUpAndPrune(now = new Date()) {
  const hourStart = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - 3 * HOUR_MS);
  const dayStart = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - 2 * DAY_MS);
  const hours = await db.$executeRawUnsafe(ROLLUP_SQL, hourStart, now, "hour");
  const days = await db.$executeRawUnsafe(ROLLUP_SQL, dayStart, now, "day");
  const raw = await pruneBatches(
    `DELETE FROM "MonitorCheck" WHERE ctid = ANY(ARRAY(SELECT ctid FROM "MonitorCheck" WHERE "checkedAt" < $1 LIMIT $2))`,
    new Date(now.getTime() - RAW_DAYS * DAY_MS),
  );
  const rollups = await pruneBatches(
    `DELETE FROM "MonitorRollup" WHERE ctid = ANY(ARRAY(SELECT ctid FROM "MonitorRollup" WHERE bucket < $1 LIMIT $2))`,
    new Date(now.getTime() - ROLLUP_DAYS * DAY_MS),
  );
  return { hours, days, prunedChecks: raw, prunedRollups: rollups };
}

/** The hourly run: its work, then the next run queued at the next hour (one waiting at a time). */
export const monitorRollupJob = defineJob({
  name: "monitors.rollup",
  payload: z.strictObject({}),
  handle: async () => {
    await rollUpAndPrune();
    await scheduleRollups();
  },
});

/** Queues the next hourly run unless one waits already; the worker calls it when it starts. */
export async function scheduleRollups(now = new Date()) {
  const next = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS + 5 * 60_000);
  await db.$transaction((tx) => monitorRollupJob.queue(tx, {}, { startAfter: next, singletonKey: "monitors.rollup" }));
}
