import { batchByTurn } from "@/lib/platform/core/batch-by-turn";
import { backgroundQuery, db } from "@/lib/platform/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { describeError } from "@/lib/platform/log/describe-error";
import { log } from "@/lib/platform/log/logger";
import { queueMail } from "@/lib/platform/mail/send-mail";
import { webhookDisabledMail } from "@/lib/platform/mail/templates/webhook-disabled";
import { absoluteUrl } from "@/lib/platform/config/site-url";
import { deliveryOf, DELIVERY_ROW_COLUMNS, DELIVERY_ROW_JOINS, type DeliveryRow, type LoadedDelivery } from "./delivery-row";
import { admitAttemptSoon, SLOW_MS } from "./endpoint-gate";
import { TEST_EVENT_TYPE } from "./event-types";
import { messageBody, type EventForDelivery } from "./message-body";
import { openSecret } from "./secret-box";
import { ATTEMPT_TIMEOUT_MS, sendWebhookRequest, type SendOptions, type SendOutcome } from "./send-request";
import { signatureHeaders } from "./signing";

// One attempt of one delivery, run by the worker's delivery pump (lib/domain/webhooks/delivery-pump.ts)
// once it holds the delivery's lease: a slow receiver holds only its own place. The outcome is
// written to the delivery itself; a failure sets when the next attempt is due on the same row,
// and every outcome gives the lease up, so the row alone says what happens next.

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Delay before each attempt (the first immediately), counted from the previous attempt. */
export const RETRY_DELAYS_MS = [0, 5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR] as const;

/** An endpoint failing every delivery for this long is turned off and its admins are told. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * HOUR;

export const GONE_REASON = "it answered 410 Gone.";
export const FAILING_REASON = "every delivery failed for 5 days.";

export interface AttemptOptions extends SendOptions {
  now?: () => Date;
}

export type AttemptResult = "gone" | "skipped" | "delivered" | "retrying" | "failed" | "deferred";

/** One attempt of the delivery `deliveryId`, which the caller holds the lease of (or a test runs by hand). */
export async function attemptDelivery(deliveryId: string, options: AttemptOptions = {}): Promise<AttemptResult> {
  const row = await loadRows(deliveryId);
  // Deleted (the endpoint, or the workspace) since it was claimed: nothing to do.
  return row ? attemptClaimedDelivery(row, options) : "gone";
}

/** One attempt of a delivery whose row came back with its lease (the pump's claim). */
export async function attemptClaimedDelivery(row: DeliveryRow, options: AttemptOptions = {}): Promise<AttemptResult> {
  const now = options.now ?? (() => new Date());
  const delivery = deliveryOf(row);
  const deliveryId = delivery.id;
  if (delivery.status !== "PENDING") return "skipped";
  const { endpoint } = delivery;
  // A test event goes to a paused endpoint too: checking it before resuming is the point.
  if (!endpoint.enabled && delivery.eventType !== TEST_EVENT_TYPE) {
    await db.webhookDelivery.updateMany({
      where: { id: deliveryId, status: "PENDING" },
      data: { status: "FAILED", nextAttemptAt: null, leaseUntil: null, error: endpoint.disabledReason ? `The endpoint was turned off: ${endpoint.disabledReason}` : "The endpoint is paused." },
    });
    return "failed";
  }

  const started = now();
  // The request is built before the endpoint's place is taken: a stored payload or secret that
  // cannot be turned into one fails the same way every time, so it is a failed attempt (the usual
  // backoff, then FAILED) rather than an error that would leave the lease to run out and start over.
  let request: { body: string; headers: Record<string, string> };
  try {
    request = buildRequest(delivery, started);
  } catch (error) {
    const failure: SendOutcome = { ok: false, statusCode: null, durationMs: 0, excerpt: null, error: `The request could not be built: ${readable(error)}` };
    return recordPlainly(delivery, failure, failure.error, started, now(), error);
  }
  // An endpoint that already has its share of attempts in flight gets the next free place within a
  // moment; one that is not answering (or still full after that moment) has this delivery put off
  // (not counted as an attempt) rather than hold one of the worker's places.
  const admission = await admitAttemptSoon(endpoint.id, () => now().getTime());
  if (!admission.admitted) return deferAttempt(deliveryId, delivery.attempts, new Date(now().getTime() + admission.waitMs * (1 + Math.random() / 2)));
  let outcome: SendOutcome;
  let sendThrew = false;
  try {
    outcome = await sendWebhookRequest(endpoint.url, request.body, request.headers, options);
  } catch (error) {
    sendThrew = true;
    outcome = { ok: false, statusCode: null, durationMs: now().getTime() - started.getTime(), excerpt: null, error: `The request could not be sent: ${readable(error)}` };
  }
  const { recovered } = admission.done(sendThrew || (outcome.statusCode === null && outcome.durationMs >= SLOW_MS));
  if (recovered) await bringBackPutOff(endpoint.id);

  const finished = now();
  try {
    return await recordOutcome(delivery, outcome, started, finished);
  } catch (error) {
    // The outcome could not be written as usual. The same outcome is written again, plainly (the
    // delivery row alone, without the answer's excerpt); if the database refuses that too it is
    // down, and the error goes up with the lease kept, so the attempt is made again once it runs out.
    const note = outcome.ok ? null : `${outcome.error ?? `Answered ${outcome.statusCode}.`} The outcome could not be written in full: ${readable(error)}`;
    return recordPlainly(delivery, outcome, note, started, finished, error);
  }
}

/** The body and signed headers of an attempt; throws when the stored payload or secret is unusable. */
function buildRequest(delivery: LoadedDelivery, started: Date): { body: string; headers: Record<string, string> } {
  const { endpoint } = delivery;
  const secrets = [openSecret(endpoint.secretEncrypted)];
  if (endpoint.previousSecretEncrypted && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > started) {
    secrets.push(openSecret(endpoint.previousSecretEncrypted));
  }
  const body = messageBody(endpoint.kind, eventOf(delivery.payload), delivery.workspace.slug);
  return { body, headers: signatureHeaders(secrets, delivery.id, Math.floor(started.getTime() / 1000), body) };
}

/** The attempt's outcome written to its delivery (and its endpoint's run of failures), giving the lease up. */
async function recordOutcome(delivery: LoadedDelivery, outcome: SendOutcome, started: Date, finished: Date): Promise<AttemptResult> {
  const { endpoint, id: deliveryId } = delivery;
  const attempts = delivery.attempts + 1;
  const record = {
    attempts,
    lastAttemptAt: started,
    lastStatusCode: outcome.statusCode,
    durationMs: outcome.durationMs,
    responseExcerpt: outcome.excerpt,
    error: outcome.error,
  };
  if (outcome.ok) return (await recordDelivered(deliveryId, delivery.attempts, record)) ? "delivered" : "gone";

  let disabledFor: string | null = null;
  const result = await db.$transaction(async (tx): Promise<AttemptResult> => {
    // Written only while the delivery still exists and is still the attempt we ran: an endpoint
    // deleted meanwhile (another tab) took its deliveries with it, and this attempt ends quietly.
    const current = await tx.webhookEndpoint.findUnique({ where: { id: endpoint.id }, select: { enabled: true, failingSince: true } });
    if (!current) return "gone";
    const failingSince = current.failingSince ?? started;
    if (outcome.statusCode === 410) disabledFor = GONE_REASON;
    else if (finished.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS) disabledFor = FAILING_REASON;
    const delay = disabledFor ? undefined : RETRY_DELAYS_MS[attempts];
    const nextAttemptAt = delay === undefined ? null : new Date(finished.getTime() + delay);
    const written = await tx.webhookDelivery.updateMany({
      where: { id: deliveryId, attempts: delivery.attempts },
      data: { ...record, status: nextAttemptAt ? "PENDING" : "FAILED", nextAttemptAt, leaseUntil: null },
    });
    if (written.count === 0) return "gone";
    await tx.webhookEndpoint.updateMany({
      where: { id: endpoint.id },
      data: disabledFor && current.enabled ? { failingSince, enabled: false, disabledReason: disabledFor } : { failingSince },
    });
    if (!current.enabled) disabledFor = null;
    return nextAttemptAt ? "retrying" : "failed";
  });
  if (disabledFor) await tellAdmins(delivery.workspaceId, delivery.workspace, endpoint.url, disabledFor);
  return result;
}

/** At most this much of a thrown error's message is kept on the delivery. */
const MAX_ERROR_CHARS = 300;

/** The first line of an error's message, without NUL or other control characters, cut short. */
function readable(error: unknown): string {
  const message = (error instanceof Error ? error.message : String(error)).split("\n")[0]!.replace(/[\u0000-\u001f\u007f]/g, " ").trim();
  return (message.length > MAX_ERROR_CHARS ? `${message.slice(0, MAX_ERROR_CHARS - 1)}…` : message) || "unknown error";
}

/**
 * An attempt that threw (its request could not be built, or its outcome could not be written as
 * usual) written down in one plain statement on the delivery's row: delivered if the receiver
 * accepted it, else a failed attempt with the usual next attempt, or FAILED once the schedule is
 * used up, with `error` saying what went wrong. It counts, so a delivery that throws every time
 * ends. Only while the delivery is still the attempt that was loaded; the endpoint's run of
 * failures is left alone (the receiver may not have been asked at all). If the database refuses
 * this statement too, the original error goes up and the lease is kept, as before.
 */
async function recordPlainly(delivery: LoadedDelivery, outcome: SendOutcome, error: string | null, started: Date, finished: Date, thrown: unknown): Promise<AttemptResult> {
  const attempts = delivery.attempts + 1;
  const delay = outcome.ok ? undefined : RETRY_DELAYS_MS[attempts];
  const nextAttemptAt = delay === undefined ? null : new Date(finished.getTime() + delay);
  const status = outcome.ok ? "DELIVERED" : nextAttemptAt ? "PENDING" : "FAILED";
  let rows: { id: string }[];
  try {
    rows = await backgroundQuery<{ id: string }>(
      `UPDATE "WebhookDelivery" SET status = $3::"WebhookDeliveryStatus", attempts = $4::int, "lastAttemptAt" = $5::timestamptz,
        "lastStatusCode" = $6::int, "durationMs" = $7::int, "responseExcerpt" = NULL, error = $8, "nextAttemptAt" = $9::timestamptz, "leaseUntil" = NULL
      WHERE id = $1 AND attempts = $2::int AND status = 'PENDING'
      RETURNING id`,
      [delivery.id, delivery.attempts, status, attempts, started, outcome.statusCode, outcome.durationMs, error, nextAttemptAt],
    );
  } catch {
    throw thrown;
  }
  log.warn({ deliveryId: delivery.id, attempts, status, error: describeError(thrown) }, "webhook attempt threw; written down as an attempt");
  if (rows.length === 0) return "gone";
  return status === "DELIVERED" ? "delivered" : status === "PENDING" ? "retrying" : "failed";
}

/**
 * Puts the delivery's attempt off until `at` and gives its lease up, while it is still the attempt
 * that was loaded. The pump claims it again once it is due.
 */
async function deferAttempt(deliveryId: string, attemptsBefore: number, at: Date): Promise<AttemptResult> {
  return (await deferAttempts({ deliveryId, attemptsBefore, at })) ? "deferred" : "gone";
}

/** Beyond the retry schedule's delay, how late a next attempt can be set: the attempt's own time, and the writes after it. */
const SCHEDULE_SLACK_MS = ATTEMPT_TIMEOUT_MS + 60_000;

/**
 * Over "WebhookDelivery": pending deliveries nobody holds that are due later than the retry schedule
 * alone would make them (never attempted, or a retry put off since): those put off while their
 * endpoint was not answering. A retry the schedule set is not one of them.
 */
const PUT_OFF_SQL = `status = 'PENDING' AND "nextAttemptAt" > now() AND ("leaseUntil" IS NULL OR "leaseUntil" < now())
  AND ("lastAttemptAt" IS NULL OR "nextAttemptAt" > "lastAttemptAt" + ((ARRAY[${RETRY_DELAYS_MS.join(",")}])[attempts + 1] + ${SCHEDULE_SLACK_MS}) * interval '1 millisecond')`;

/**
 * The deliveries put off while their endpoint was not answering, due at once now that it answers
 * again. Failing to do this only leaves them to their wait.
 */
async function bringBackPutOff(endpointId: string): Promise<void> {
  try {
    await backgroundQuery(`UPDATE "WebhookDelivery" SET "nextAttemptAt" = now() WHERE "endpointId" = $1 AND ${PUT_OFF_SQL}`, [endpointId]);
  } catch (error) {
    log.warn({ endpointId, error: describeError(error) }, "could not bring back the deliveries put off while the endpoint was not answering; they wait their turn");
  }
}

// An endpoint that hangs sends every one of its new deliveries through deferAttempt, as fast as the
// writes make them: those put off within DEFER_GATHER_MS of each other are written by one statement,
// so they do not take the worker's few connections from the other endpoints' claims and outcomes.
const DEFER_GATHER_MS = 10;
const deferAttempts = batchByTurn(async (deferrals: { deliveryId: string; attemptsBefore: number; at: Date }[]): Promise<boolean[]> => {
  const rows = await backgroundQuery<{ id: string }>(
    `UPDATE "WebhookDelivery" d SET "nextAttemptAt" = r.at, "leaseUntil" = NULL
    FROM jsonb_to_recordset($1::jsonb) AS r("deliveryId" text, "attemptsBefore" int, at timestamptz)
    WHERE d.id = r."deliveryId" AND d.attempts = r."attemptsBefore" AND d.status = 'PENDING'
    RETURNING d.id`,
    [JSON.stringify(deferrals)],
  );
  const written = new Set(rows.map((row) => row.id));
  return deferrals.map((deferral) => written.has(deferral.deliveryId));
}, { gatherMs: DEFER_GATHER_MS });

// Deliveries attempted by id whose attempts start in the same turn load in one statement, on the
// worker's own pool, without the Prisma client's per-query work.
const loadRows = batchByTurn(async (ids: string[]): Promise<(DeliveryRow | undefined)[]> => {
  const rows = await backgroundQuery<DeliveryRow>(
    `SELECT ${DELIVERY_ROW_COLUMNS}
    FROM "WebhookDelivery" d
    ${DELIVERY_ROW_JOINS}
    WHERE d.id IN (SELECT jsonb_array_elements_text($1::jsonb))`,
    [JSON.stringify(ids)],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id));
});

interface Success {
  deliveryId: string;
  attemptsBefore: number;
  attempts: number;
  lastAttemptAt: Date;
  lastStatusCode: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
}

// Successes are the common case: those that end within RECORD_GATHER_MS of each other are written by
// one statement (the lease is held those few milliseconds longer).
// A delivery is written only while it is still the attempt that ran (an endpoint deleted meanwhile,
// by another tab, took its deliveries with it: nothing is written and the attempt ends quietly),
// and an endpoint's run of failures ends — its row is touched only when it had one, so concurrent
// deliveries to one endpoint do not queue on its row lock. The end of a run of failures also makes
// the deliveries put off during it due at once, whichever worker records it: the worker that saw
// the endpoint go silent may since have restarted, and its memory of the silence with it.
const RECORD_GATHER_MS = 10;
const recordSuccesses = batchByTurn(async (successes: Success[]): Promise<boolean[]> => {
  const rows = await backgroundQuery<{ id: string }>(
    `WITH outcome AS (
      SELECT * FROM jsonb_to_recordset($1::jsonb) AS o("deliveryId" text, "attemptsBefore" int, attempts int,
        "lastAttemptAt" timestamptz, "lastStatusCode" int, "durationMs" int, "responseExcerpt" text, error text)
    ), delivered AS (
      UPDATE "WebhookDelivery" d SET status = 'DELIVERED', "nextAttemptAt" = NULL, "leaseUntil" = NULL, attempts = o.attempts,
        "lastAttemptAt" = o."lastAttemptAt", "lastStatusCode" = o."lastStatusCode", "durationMs" = o."durationMs",
        "responseExcerpt" = o."responseExcerpt", error = o.error
      FROM outcome o
      WHERE d.id = o."deliveryId" AND d.attempts = o."attemptsBefore"
      RETURNING d.id, d."endpointId"
    ), recovered AS (
      UPDATE "WebhookEndpoint" SET "failingSince" = NULL
      WHERE "failingSince" IS NOT NULL AND id IN (SELECT "endpointId" FROM delivered)
      RETURNING id
    ), brought_back AS (
      UPDATE "WebhookDelivery" SET "nextAttemptAt" = now()
      WHERE "endpointId" IN (SELECT id FROM recovered) AND ${PUT_OFF_SQL}
      RETURNING id
    )
    SELECT id FROM delivered`,
    [JSON.stringify(successes)],
  );
  const written = new Set(rows.map((row) => row.id));
  return successes.map((success) => written.has(success.deliveryId));
}, { gatherMs: RECORD_GATHER_MS });

function recordDelivered(deliveryId: string, attemptsBefore: number, record: Omit<Success, "deliveryId" | "attemptsBefore">): Promise<boolean> {
  return recordSuccesses({ deliveryId, attemptsBefore, ...record });
}

function eventOf(payload: Prisma.JsonValue): EventForDelivery {
  if (payload === null) throw new Error("its event no longer exists");
  const stored = payload as { id: string; type: string; timestamp: string; data: unknown; previous?: unknown };
  return { id: stored.id, type: stored.type, createdAt: new Date(stored.timestamp), data: stored.data, previous: stored.previous };
}

/** The stored form of an event on a delivery (what each attempt renders its body from). */
export function storedPayload(event: EventForDelivery): Prisma.InputJsonValue {
  return {
    id: event.id,
    type: event.type,
    timestamp: event.createdAt.toISOString(),
    data: (event.data ?? null) as Prisma.InputJsonValue,
    ...(event.previous === undefined ? {} : { previous: event.previous as Prisma.InputJsonValue }),
  };
}

async function tellAdmins(workspaceId: string, workspace: { slug: string; name: string }, url: string, reason: string) {
  const admins = await db.membership.findMany({ where: { workspaceId, role: { in: ["ADMIN", "OWNER"] } }, select: { user: { select: { email: true } } } });
  const link = absoluteUrl(`/w/${encodeURIComponent(workspace.slug)}/settings/webhooks`).toString();
  for (const { user } of admins) queueMail(user.email, webhookDisabledMail({ workspaceName: workspace.name, url, reason, link }));
}
