import { backgroundQuery } from "@/lib/platform/db/client";
import { startClaimLoop, type ClaimLoop } from "@/lib/platform/jobs/claim-loop";
import { describeError } from "@/lib/platform/log/describe-error";
import { log } from "@/lib/platform/log/logger";
import type { Monitor } from "@/lib/generated/prisma/client";
import { MAX_TIMEOUT_MS } from "./schemas";
import { recordResult, recordRoutineResult } from "./record-result";
import { runCheck, type CheckOptions } from "./run-check";
import { nextSlot } from "./schedule";

// The worker's monitor pump, beside the job queues and the webhook delivery pump: due checks are
// claimed straight from the monitors' rows, like webhook deliveries. A claim takes due monitors
// nobody holds with FOR UPDATE SKIP LOCKED and gives each a lease, so two instances never run one
// due check twice; a worker killed mid-check leaves its leases to run out (LEASE_SECONDS), and any
// worker then runs those checks. The outcome's write gives the lease up and moves the monitor to
// its next slot, in the statement that checks the claim still stands.

/** Checks running at once in one worker; each is bounded by its own timeout (30 s at most). */
export const MONITOR_CONCURRENCY = 64;

/** How often an idle pump looks for due checks: the lag a check may start with, at most. */
export const MONITOR_POLL_MS = 250;

/**
 * How long a claim holds a monitor: its longest check (30 s) and the write after it. A killed
 * worker's checks are taken over by another within this, plus one poll: well within a minute.
 */
export const LEASE_SECONDS = Math.ceil(MAX_TIMEOUT_MS / 1000) + 15;

export interface ClaimedMonitor extends Monitor {
  dueAt: Date;
}

/** The clock a claim reads "due" and the lease by; the database's own unless a test gives one. */
export type Clock = () => Date;

// Oldest due first. `$3` is the caller's time when a test drives the clock; otherwise PostgreSQL's,
// so workers whose clocks differ agree on when a lease has run out.
const CLAIM_SQL = `WITH due AS (
    SELECT id FROM "Monitor"
    WHERE NOT paused AND "nextCheckAt" <= coalesce($3::timestamptz, now()) AND ("leaseUntil" IS NULL OR "leaseUntil" < coalesce($3::timestamptz, now()))
    ORDER BY "nextCheckAt"
    LIMIT $1
    FOR UPDATE SKIP LOCKED
  )
  UPDATE "Monitor" m SET "leaseUntil" = coalesce($3::timestamptz, now()) + $2::int * interval '1 second'
  FROM due WHERE m.id = due.id
  RETURNING m.*, m."nextCheckAt" AS "dueAt"`;

/** Claims up to `limit` due checks for this worker. */
export async function claimDueMonitors(limit: number, clock?: Clock): Promise<ClaimedMonitor[]> {
  const rows = await backgroundQuery<ClaimedMonitor>(CLAIM_SQL, [limit, LEASE_SECONDS, clock ? clock().toISOString() : null]);
  return rows.map((row) => ({ ...row, dueAt: new Date(row.dueAt), nextCheckAt: new Date(row.nextCheckAt) }));
}

/** Gives leases back (a worker stopping) so another takes those checks at once. */
async function releaseLeases(claims: ClaimedMonitor[]): Promise<void> {
  if (claims.length === 0) return;
  await backgroundQuery(`UPDATE "Monitor" SET "leaseUntil" = NULL WHERE id = ANY($1::text[]) AND "nextCheckAt" = ANY($2::timestamptz[])`, [
    claims.map((claim) => claim.id),
    claims.map((claim) => claim.dueAt.toISOString()),
  ]);
}

/**
 * Runs one claimed check and records it. A heartbeat that has nothing to say (the app itself was
 * away) moves to its next slot and starts its wait again, recording nothing.
 */
export async function runClaimedCheck(claim: ClaimedMonitor, clock: Clock = () => new Date(), options: CheckOptions = {}): Promise<void> {
  const outcome = await runCheck(claim, claim.dueAt, clock, options);
  const now = clock();
  if (!outcome) {
    await backgroundQuery(
      `UPDATE "Monitor" SET "leaseUntil" = NULL, "nextCheckAt" = $3, "lastCheckedAt" = $4, "heartbeatWindowAt" = CASE WHEN kind = 'heartbeat' AND "lastCheckedAt" IS NOT NULL THEN $4 ELSE "heartbeatWindowAt" END
       WHERE id = $1 AND "nextCheckAt" = $2`,
      [claim.id, claim.dueAt.toISOString(), nextSlot(claim.id, claim.intervalSeconds, claim.dueAt, now).toISOString(), now.toISOString()],
    );
    return;
  }
  if (await recordRoutineResult(claim, claim.dueAt, outcome, now)) return;
  await recordResult({ monitorId: claim.id, workspaceId: claim.workspaceId, place: "app", dueAt: claim.dueAt, outcome, now, scheduled: true });
}

export interface MonitorPumpOptions {
  concurrency?: number;
  pollMs?: number;
  clock?: Clock;
  check?: CheckOptions;
  /** Told when a check starts (the bench measures the lag from its due time). */
  onStart?: (claim: ClaimedMonitor, startedAt: Date) => void;
}

export function startMonitorPump({ concurrency = MONITOR_CONCURRENCY, pollMs = MONITOR_POLL_MS, clock, check, onStart }: MonitorPumpOptions = {}): ClaimLoop {
  return startClaimLoop<ClaimedMonitor>({
    concurrency,
    pollMs,
    errorNapMs: Math.max(pollMs, 1_000),
    keyOf: (claim) => `${claim.id}@${claim.dueAt.getTime()}`,
    claim: (free) => claimDueMonitors(free, clock),
    onClaimError: (error) => log.warn({ error: describeError(error) }, "could not claim due monitor checks; trying again"),
    // A result that could not be written (the database away) keeps its lease: the check runs again
    // when the lease runs out, and its result, keyed by its due time, is recorded once.
    run: (claim) => {
      onStart?.(claim, clock ? clock() : new Date());
      return runClaimedCheck(claim, clock, check).catch((error: unknown) =>
        log.warn({ monitorId: claim.id, error: describeError(error) }, "monitor check not recorded; it runs again when its lease runs out"),
      );
    },
    giveBack: (claims) => releaseLeases(claims).catch((error: unknown) => log.warn({ error: describeError(error) }, "could not give back monitor leases; they run out by themselves")),
  });
}
