import { backgroundQuery } from "@/lib/platform/db/client";
import { startClaimLoop } from "@/lib/platform/jobs/claim-loop";
import { jobSettings } from "@/lib/platform/jobs/config";
import { describeError } from "@/lib/platform/log/describe-error";
import { log } from "@/lib/platform/log/logger";
import { attemptClaimedDelivery } from "./attempt-delivery";
import { DELIVERY_ROW_COLUMNS, DELIVERY_ROW_JOINS, type DeliveryRow } from "./delivery-row";

// The worker's delivery pump. A delivery is claimed straight from its own row: a due, pending
// delivery nobody holds gets a lease (a time until which the claiming worker owns it), and the
// attempt's outcome (delivered, the next attempt's time, failed for good) gives it up in the same
// statement that records it. Nothing else is written per attempt: no job row to insert, claim and
// complete beside the delivery, which is what makes a write with subscribed endpoints cheap.
//
// Claims take rows with FOR UPDATE SKIP LOCKED, so two workers never claim one delivery. A worker
// that dies keeps its leases until they run out; then any worker claims those deliveries again
// (at least once: the receiver may see the attempt twice, and the delivery's id tells it so).

/**
 * Attempts running at once in one worker. A receiver that hangs for its full 15 s holds at most
 * MAX_IN_FLIGHT_PER_ENDPOINT of these (lib/domain/webhooks/endpoint-gate.ts), never the others' deliveries.
 * Not more: a full claim brings each busy endpoint its share of these places, and past what its gate
 * lets run and wait the rest are put off a second (with 64 and three busy endpoints, about 21 each
 * against 16, commit-to-receiver p99 rose from about 0.2 s to 1.15 s).
 */
export const DELIVERY_CONCURRENCY = 32;

/**
 * How often an idle pump looks for due deliveries. Short, since it sets how long a new delivery
 * waits before it goes out; each look is one indexed query on an index of pending deliveries only.
 */
export const DELIVERY_POLL_MS = 200;

/**
 * The least time between two claims of a busy pump: deliveries that finish one after another are
 * replaced by one claim of several rather than a claim each. Each claim walks past the deliveries
 * in flight, so fewer, fuller claims cost the database less per delivery.
 */
export const DELIVERY_CLAIM_INTERVAL_MS = 20;

/**
 * How long a claim holds a delivery: the jobs' expiry, so a dead worker's deliveries come back when
 * its jobs would. It must outlast an attempt (at most 15 s for the request, plus its writes), or a
 * second worker could claim a delivery whose attempt is still running: jobSettings() never answers
 * less than MIN_EXPIRE_SECONDS (30).
 */
function leaseSeconds(): number {
  return jobSettings().expireInSeconds;
}

interface Claimed extends DeliveryRow {
  leaseUntil: Date | string;
}

// Oldest due first. The lease is the database's clock plus the lease time, so workers whose clocks
// differ still agree on when a lease has run out. The statement answers with everything the
// attempts need (the delivery, its endpoint, its workspace, its event): nothing is read again per
// attempt.
const CLAIM_SQL = `WITH due AS (
    SELECT id FROM "WebhookDelivery"
    WHERE status = 'PENDING' AND "nextAttemptAt" <= now() AND ("leaseUntil" IS NULL OR "leaseUntil" < now())
    ORDER BY "nextAttemptAt"
    LIMIT $1
    FOR UPDATE SKIP LOCKED
  ), claimed AS (
    UPDATE "WebhookDelivery" d SET "leaseUntil" = now() + $2::int * interval '1 second'
    FROM due WHERE d.id = due.id
    RETURNING d.*
  )
  SELECT ${DELIVERY_ROW_COLUMNS}, d."leaseUntil"
  FROM claimed d
  ${DELIVERY_ROW_JOINS}`;

/** Claims up to `limit` due deliveries for this worker. */
export function claimDueDeliveries(limit: number): Promise<Claimed[]> {
  return backgroundQuery<Claimed>(CLAIM_SQL, [limit, leaseSeconds()]);
}

/**
 * Gives leases back so another worker may attempt those deliveries at once. Only a lease still the
 * one this worker took is cleared: one that ran out and was claimed by another worker is not ours.
 */
export async function releaseLeases(claims: Claimed[]): Promise<void> {
  if (claims.length === 0) return;
  await backgroundQuery(
    `UPDATE "WebhookDelivery" d SET "leaseUntil" = NULL
    FROM jsonb_to_recordset($1::jsonb) AS r(id text, "leaseUntil" timestamptz)
    WHERE d.id = r.id AND d."leaseUntil" = r."leaseUntil"`,
    [JSON.stringify(claims.map((claim) => ({ id: claim.id, leaseUntil: new Date(claim.leaseUntil).toISOString() })))],
  );
}

export interface DeliveryPump {
  /** Stops claiming, waits up to `timeoutMs` for the attempts in flight, gives back the rest's leases. */
  stop(timeoutMs: number): Promise<void>;
}

export interface PumpOptions {
  concurrency?: number;
  pollMs?: number;
}

/**
 * Up to `concurrency` attempts at once, claimed in one statement as many as there are free places
 * (lib/platform/jobs/claim-loop.ts). A pump stopped while attempts still run gives their deliveries back so
 * another worker need not wait for the leases to run out; one of them finishing after all records
 * nothing twice (its write checks the attempt count it started from).
 */
export function startDeliveryPump({ concurrency = DELIVERY_CONCURRENCY, pollMs = DELIVERY_POLL_MS }: PumpOptions = {}): DeliveryPump {
  return startClaimLoop<Claimed>({
    concurrency,
    pollMs,
    minClaimIntervalMs: DELIVERY_CLAIM_INTERVAL_MS,
    // A database that refused is asked again after a second, not at the idle pace.
    errorNapMs: Math.max(pollMs, 1_000),
    keyOf: (claim) => claim.id,
    claim: claimDueDeliveries,
    onClaimError: (error) => log.warn({ error: describeError(error) }, "could not claim webhook deliveries; trying again"),
    // An attempt that throws could write nothing at all: it has already tried to write itself down
    // plainly (lib/domain/webhooks/attempt-delivery.ts), so this is the database gone. It keeps its lease:
    // the delivery is attempted again once the lease runs out, which also keeps a failing database
    // from being asked again at once.
    run: (claim) =>
      attemptClaimedDelivery(claim).then(
        () => undefined,
        (error: unknown) => log.warn({ deliveryId: claim.id, error: describeError(error) }, "webhook attempt not recorded; it is attempted again when its lease runs out"),
      ),
    giveBack: (claims) =>
      releaseLeases(claims).catch((error: unknown) =>
        log.warn({ error: describeError(error) }, "could not give back webhook leases; they are claimed again when they run out"),
      ),
  });
}
