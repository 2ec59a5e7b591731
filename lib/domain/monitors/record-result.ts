import { scopedDb, transactionSql, type ScopedTx } from "@/lib/platform/db/scoped";
import type { Monitor } from "@/lib/generated/prisma/client";
import type { CheckOutcome } from "./check-outcome";
import { certificateWarning, recordCertificateWarning } from "./certificate-warning";
import { applyResult, type Streaks } from "./rules";
import { nextSlot } from "./schedule";
import { applyTransition } from "./transitions";

// Records one check's result and everything it leads to, in one transaction: the raw result, the
// monitor's streaks and state, and on a change of state the component, the outage or incident and
// the events. The result is keyed by (monitor, place, due time), so a check recorded a second time
// (its first write was lost with the database, and the lease ran out) writes nothing twice. Most
// results change no state and take only the monitor's row lock; a change of state is recorded
// under the workspace lock too, taken first, in the order every incident write takes them.

export type RecordOutcome = "recorded" | "duplicate" | "gone" | "stale";

export interface ResultToRecord {
  monitorId: string;
  workspaceId: string;
  /** "app" for the app's own checks, a probe agent's place otherwise. */
  place: string;
  dueAt: Date;
  outcome: CheckOutcome;
  now: Date;
  /** The app's own scheduled check: the monitor's next slot moves on and its lease is given up. */
  scheduled: boolean;
}

class NeedsWorkspaceLock extends Error {}

/** Places whose latest result, recent enough to count, failed. */
async function failingPlaces(tx: ScopedTx, monitor: Monitor, since: Date): Promise<number> {
  const { rows } = await transactionSql(tx).executeSql(
    `SELECT count(*)::int AS n FROM (
       SELECT DISTINCT ON (place) ok FROM "MonitorCheck" WHERE "monitorId" = $1 AND "checkedAt" >= $2 ORDER BY place, "dueAt" DESC
     ) latest WHERE NOT ok`,
    [monitor.id, since],
  );
  return (rows[0] as { n: number }).n;
}

async function recordIn(tx: ScopedTx, result: ResultToRecord, locked: boolean): Promise<RecordOutcome> {
  const sql = transactionSql(tx);
  const { rows } = await sql.executeSql(`SELECT * FROM "Monitor" WHERE id = $1 AND "workspaceId" = $2 FOR UPDATE`, [result.monitorId, result.workspaceId]);
  const monitor = rows[0] as Monitor | undefined;
  if (!monitor) return "gone";
  if (result.scheduled && new Date(monitor.nextCheckAt).getTime() !== result.dueAt.getTime()) return "stale";
  const { outcome, now } = result;
  const inserted = await sql.executeSql(
    `INSERT INTO "MonitorCheck" ("monitorId", place, "dueAt", "checkedAt", ok, degraded, "durationMs", "statusCode", error)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING RETURNING 1`,
    [monitor.id, result.place, result.dueAt, now, outcome.ok, outcome.degraded, outcome.durationMs, outcome.statusCode, outcome.error?.slice(0, 500) ?? null],
  );
  const schedule = result.scheduled ? { nextCheckAt: nextSlot(monitor.id, monitor.intervalSeconds, result.dueAt, now), leaseUntil: null } : {};
  if (inserted.rows.length === 0) {
    if (result.scheduled) await tx.monitor.updateMany({ where: { id: monitor.id }, data: schedule });
    return "duplicate";
  }
  // With several places, a failure counts once enough of them fail together.
  let counted = { ok: outcome.ok, degraded: outcome.degraded };
  if (!outcome.ok && monitor.placesToDown > 1) {
    const since = new Date(now.getTime() - 2 * monitor.intervalSeconds * 1000 - 60_000);
    if ((await failingPlaces(tx, monitor, since)) < monitor.placesToDown) counted = { ok: true, degraded: false };
  }
  const next = applyResult(monitor as Streaks, monitor, counted);
  const warning = outcome.certificateExpiresAt ? certificateWarning(monitor, outcome.certificateExpiresAt, now) : null;
  if ((next.transition || warning) && !locked) throw new NeedsWorkspaceLock();
  await tx.monitor.updateMany({
    where: { id: monitor.id },
    data: {
      state: next.state,
      failureStreak: next.failureStreak,
      successStreak: next.successStreak,
      slowStreak: next.slowStreak,
      lastCheckedAt: now,
      lastError: outcome.ok ? null : outcome.error,
      ...(outcome.certificateExpiresAt ? { certificateExpiresAt: outcome.certificateExpiresAt } : {}),
      ...schedule,
    },
  });
  const updated = { ...monitor, state: next.state };
  if (next.transition) await applyTransition(tx, updated, next.transition, outcome, now, monitor.state);
  if (warning) await recordCertificateWarning(tx, updated, warning, outcome.certificateExpiresAt!);
  return "recorded";
}

export async function recordResult(result: ResultToRecord): Promise<RecordOutcome> {
  const db = scopedDb(result.workspaceId);
  try {
    return await db.$transaction((tx) => recordIn(tx, result, false));
  } catch (error) {
    if (!(error instanceof NeedsWorkspaceLock)) throw error;
    return db.$transactionLocked((tx) => recordIn(tx, result, true));
  }
}
