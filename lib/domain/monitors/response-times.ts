import { db } from "@/lib/platform/db/client";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { getMonitorOrThrow } from "./get-monitor";

// A monitor's response times for the dashboard's chart: p50 and p95 of the passing checks, and how
// many failed, per bucket. The last day and week come from the raw results (kept 7 days), in
// 15-minute and hourly buckets; 90 days from the daily rollups.

export const RANGES = { "24h": { ms: 86_400_000, bucket: "15 minutes" }, "7d": { ms: 7 * 86_400_000, bucket: "1 hour" }, "90d": { ms: 90 * 86_400_000, bucket: "1 day" } } as const;
export type Range = keyof typeof RANGES;

export interface ResponseTimePoint {
  at: number;
  p50: number | null;
  p95: number | null;
  checks: number;
  failures: number;
}

const RAW_SQL = `SELECT extract(epoch FROM date_bin($3::interval, "checkedAt", 'epoch'::timestamptz))::float8 * 1000 AS at,
    (percentile_disc(0.5) WITHIN GROUP (ORDER BY "durationMs") FILTER (WHERE ok))::int AS p50,
    (percentile_disc(0.95) WITHIN GROUP (ORDER BY "durationMs") FILTER (WHERE ok))::int AS p95,
    count(*)::int AS checks, (count(*) FILTER (WHERE NOT ok))::int AS failures
  FROM "MonitorCheck" WHERE "monitorId" = $1 AND "checkedAt" >= $2 GROUP BY 1 ORDER BY 1`;

const DAILY_SQL = `SELECT extract(epoch FROM bucket)::float8 * 1000 AS at, "p50Ms" AS p50, "p95Ms" AS p95, checks, failures
  FROM "MonitorRollup" WHERE "monitorId" = $1 AND period = 'day' AND bucket >= $2 ORDER BY bucket`;

export async function getResponseTimes(actor: WorkspaceActor, monitorId: string, range: Range, now = new Date()): Promise<ResponseTimePoint[]> {
  authorize(actor, "monitors.manage", "see monitors");
  await getMonitorOrThrow(actor.db, monitorId);
  const since = new Date(now.getTime() - RANGES[range].ms);
  const rows = range === "90d" ? await db.$queryRawUnsafe<ResponseTimePoint[]>(DAILY_SQL, monitorId, since) : await db.$queryRawUnsafe<ResponseTimePoint[]>(RAW_SQL, monitorId, since, RANGES[range].bucket);
  return rows.map((row) => ({ at: Number(row.at), p50: row.p50, p95: row.p95, checks: row.checks, failures: row.failures }));
}

export interface RecentFailure {
  checkedAt: Date;
  place: string;
  error: string | null;
  statusCode: number | null;
}

/** The latest failed checks with their reasons. */
export async function listRecentFailures(actor: WorkspaceActor, monitorId: string, limit = 20): Promise<RecentFailure[]> {
  authorize(actor, "monitors.manage", "see monitors");
  await getMonitorOrThrow(actor.db, monitorId);
  return db.monitorCheck.findMany({
    where: { monitorId, ok: false },
    orderBy: { checkedAt: "desc" },
    take: limit,
    select: { checkedAt: true, place: true, error: true, statusCode: true },
  });
}
