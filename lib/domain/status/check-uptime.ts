import { db as rawDb } from "@/lib/platform/db/client";
import type { ComponentUptime } from "./uptime";

// Where a component has a monitor, its uptime figure comes from the checks themselves: the share
// of checks that passed over the window (the daily sums before today, today's raw results), rather
// than from how long its status read as an outage. The day bars keep following the status, which
// the monitor itself sets when its checks fail.

const SQL = `WITH monitors AS (
    SELECT id, "componentId" FROM "Monitor" WHERE "workspaceId" = $1
  ), sums AS (
    SELECT m."componentId", r.checks, r.failures FROM "MonitorRollup" r JOIN monitors m ON m.id = r."monitorId"
    WHERE r.period = 'day' AND r.bucket >= $2 AND r.bucket < $3
    UNION ALL
    SELECT m."componentId", count(*)::int, (count(*) FILTER (WHERE NOT c.ok))::int FROM "MonitorCheck" c JOIN monitors m ON m.id = c."monitorId"
    WHERE c."checkedAt" >= $3 GROUP BY 1
  )
  SELECT "componentId", sum(checks)::int AS checks, sum(failures)::int AS failures FROM sums GROUP BY 1`;

/** Uptime percent from checks, by component, for the components that have checks in the window. */
export async function loadCheckUptime(workspaceId: string, windowStart: Date, todayStart: Date): Promise<Map<string, number>> {
  const rows = await rawDb.$queryRawUnsafe<{ componentId: string; checks: number; failures: number }[]>(SQL, workspaceId, windowStart, todayStart);
  const result = new Map<string, number>();
  for (const row of rows) {
    if (row.checks > 0) result.set(row.componentId, Math.floor(((row.checks - row.failures) / row.checks) * 10_000) / 100);
  }
  return result;
}

/** The uptime with its percent taken from checks where there are any. */
export function withCheckPercent(uptime: ComponentUptime | undefined, fromChecks: number | undefined): ComponentUptime | undefined {
  return uptime && fromChecks !== undefined ? { ...uptime, percent: fromChecks } : uptime;
}
