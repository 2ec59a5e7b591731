import { backgroundQuery } from "@/lib/platform/db/client";
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

// The common case, most of a busy worker's checks: the app's own scheduled check whose result
// changes no state (a pass of a monitor that is up, a failure short of the rule's count, one more
// failure of a monitor already down). Worked out from the row as the claim read it, and written
// without an interactive transaction: at a thousand monitors at 30 s, Prisma's transaction and its
// five statements a check took most of the worker's CPU, much of it in writes to the database's
// socket. The results that end within ROUTINE_BATCH_MS of each other (a claim's checks mostly do)
// share one statement on the worker's pool. Each monitor's row is written only if it still reads as
// the claim saw it (the claim still stands, nobody changed the rules or the streaks meanwhile: a
// probe agent's result, an admin's edit) and its result is not there yet; the raw result is
// inserted from the updated row, so either both are written or neither. A result whose row was
// not written goes the full way above (locks, transitions, several places). Committed without
// waiting for the disk, as the claim is: a result lost in a database crash leaves the check due
// under its lease, and it runs again, recorded once.

/** How long a routine result waits for others to share its statement. */
export const ROUTINE_BATCH_MS = 40;
const ROUTINE_BATCH_MAX = 200;

// One text array per column (both drivers bind text arrays alike), cast in the statement.
const ROUTINE_SQL = `WITH r AS (
    SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::timestamptz[], $5::"MonitorState"[], $6::int[], $7::int[], $8::int[],
      $9::text[], $10::timestamptz[], $11::timestamptz[], $12::"MonitorState"[], $13::int[], $14::int[], $15::int[], $16::int[], $17::int[],
      $18::int[], $19::int[], $20::timestamptz[], $21::int[], $22::boolean[], $23::boolean[], $24::int[], $25::int[], $26::text[])
      AS r(id, "workspaceId", "checkedAt", "dueAt", state, "failureStreak", "successStreak", "slowStreak", "lastError", "certificateExpiresAt",
        "nextCheckAt", "wasState", "wasFailures", "wasSuccesses", "wasSlow", "failuresToDown", "successesToUp", "placesToDown", "intervalSeconds",
        "wasCertificate", "wasWarned", ok, degraded, "durationMs", "statusCode", error)
  ), moved AS (
    UPDATE "Monitor" m SET state = r.state, "failureStreak" = r."failureStreak", "successStreak" = r."successStreak", "slowStreak" = r."slowStreak",
      "lastCheckedAt" = r."checkedAt", "lastError" = r."lastError", "certificateExpiresAt" = coalesce(r."certificateExpiresAt", m."certificateExpiresAt"),
      "nextCheckAt" = r."nextCheckAt", "leaseUntil" = NULL, "updatedAt" = now()
    FROM r
    WHERE m.id = r.id AND m."workspaceId" = r."workspaceId" AND m."nextCheckAt" = r."dueAt"
      AND m.state = r."wasState" AND m."failureStreak" = r."wasFailures" AND m."successStreak" = r."wasSuccesses" AND m."slowStreak" = r."wasSlow"
      AND m."failuresToDown" = r."failuresToDown" AND m."successesToUp" = r."successesToUp" AND m."placesToDown" = r."placesToDown"
      AND m."intervalSeconds" = r."intervalSeconds"
      AND m."certificateExpiresAt" IS NOT DISTINCT FROM r."wasCertificate" AND m."certificateWarnedDays" IS NOT DISTINCT FROM r."wasWarned"
      AND NOT EXISTS (SELECT 1 FROM "MonitorCheck" c WHERE c."monitorId" = r.id AND c.place = 'app' AND c."dueAt" = r."dueAt")
    RETURNING m.id, r."dueAt", r."checkedAt", r.ok, r.degraded, r."durationMs", r."statusCode", r.error
  )
  INSERT INTO "MonitorCheck" ("monitorId", place, "dueAt", "checkedAt", ok, degraded, "durationMs", "statusCode", error)
  SELECT id, 'app', "dueAt", "checkedAt", ok, degraded, "durationMs", "statusCode", error FROM moved
  RETURNING "monitorId", extract(epoch FROM "dueAt")::float8 * 1000 AS "dueMs"`;

interface RoutineWrite {
  key: string;
  values: (string | null)[];
  settle(written: boolean): void;
  fail(error: unknown): void;
}

let waiting: RoutineWrite[] = [];
let flushTimer: NodeJS.Timeout | undefined;

function flushRoutine() {
  clearTimeout(flushTimer);
  flushTimer = undefined;
  const batch = waiting;
  waiting = [];
  const columns = batch[0]!.values.map((_, column) => batch.map((write) => write.values[column]!));
  backgroundQuery<{ monitorId: string; dueMs: number }>(ROUTINE_SQL, columns).then(
    (rows) => {
      const written = new Set(rows.map((row) => `${row.monitorId}@${Math.round(Number(row.dueMs))}`));
      for (const write of batch) write.settle(written.has(write.key));
    },
    (error: unknown) => {
      for (const write of batch) write.fail(error);
    },
  );
}

const text = (value: number | boolean | null | undefined) => (value === null || value === undefined ? null : String(value));
const time = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

/**
 * Records the app's own scheduled check of `monitor` (the row as its claim read it) when the result
 * changes no state; true when it did. False: nothing was written, and recordResult must record it.
 */
export async function recordRoutineResult(monitor: Monitor, dueAt: Date, outcome: CheckOutcome, now: Date): Promise<boolean> {
  // A failure with several places counts only once enough of them fail: that needs their results.
  if (!outcome.ok && monitor.placesToDown > 1) return false;
  const next = applyResult(monitor, monitor, outcome);
  if (next.transition) return false;
  if (outcome.certificateExpiresAt && certificateWarning(monitor, outcome.certificateExpiresAt, now) !== null) return false;
  const values = [
    monitor.id, monitor.workspaceId, time(now), time(dueAt),
    next.state, text(next.failureStreak), text(next.successStreak), text(next.slowStreak), outcome.ok ? null : outcome.error, time(outcome.certificateExpiresAt),
    time(nextSlot(monitor.id, monitor.intervalSeconds, dueAt, now)),
    monitor.state, text(monitor.failureStreak), text(monitor.successStreak), text(monitor.slowStreak),
    text(monitor.failuresToDown), text(monitor.successesToUp), text(monitor.placesToDown), text(monitor.intervalSeconds),
    time(monitor.certificateExpiresAt), text(monitor.certificateWarnedDays),
    text(outcome.ok), text(outcome.degraded), text(outcome.durationMs), text(outcome.statusCode), outcome.error?.slice(0, 500) ?? null,
  ];
  return new Promise<boolean>((settle, fail) => {
    waiting.push({ key: `${monitor.id}@${dueAt.getTime()}`, values, settle, fail });
    if (waiting.length >= ROUTINE_BATCH_MAX) flushRoutine();
    else flushTimer ??= setTimeout(flushRoutine, ROUTINE_BATCH_MS);
  });
}
