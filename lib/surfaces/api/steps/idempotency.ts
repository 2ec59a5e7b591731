import { createHash } from "node:crypto";
import { db } from "@/lib/platform/db/client";
import { ApiError } from "../../../platform/http/error-codes";

// Safe retries of POST: a client that lost an answer (timeout, dropped connection) sends the same
// request again with the same `Idempotency-Key`, and must not create a second post. The first
// request claims the key for its workspace with one INSERT; when it succeeds, its answer is kept
// for 24 hours and a retry with the same method, path and body is given that answer again
// without running anything. Only a success is kept: a refused request changed nothing (every
// write is one transaction), so retrying it simply runs it again.
//
// A retry that arrives while the first request is still running is refused at once with 409
// IDEMPOTENCY_KEY_IN_USE and `Retry-After: 1`, rather than waiting: waiting would hold a
// connection per retry for as long as the first request takes, and twenty impatient retries would
// drain the pool the first request needs to finish. The retry after that gets the stored answer.
//
// The table is reached with raw SQL (not the scoped accessor) because the claim is an upsert
// conditional on the old row's age, which Prisma's upsert cannot say; every statement names the
// workspace itself.

export const IDEMPOTENCY_WINDOW_HOURS = 24;
/** A claim whose request never finished (the process died) is free again after this long. */
const ABANDONED_AFTER_SECONDS = 60;
export const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const REPLAYED_HEADER = "Idempotent-Replayed";

/** The request's `Idempotency-Key`, or null without one; 400 when it is not 1–255 visible ASCII characters. */
export function idempotencyKeyOf(request: Request): string | null {
  const raw = request.headers.get(IDEMPOTENCY_HEADER);
  if (raw === null) return null;
  if (!KEY_PATTERN.test(raw)) {
    throw new ApiError("VALIDATION_ERROR", "The Idempotency-Key header is not valid.", [
      { path: IDEMPOTENCY_HEADER, message: "Idempotency-Key must be 1 to 255 visible ASCII characters (a UUID is a good choice).", code: "invalid_format" },
    ]);
  }
  return raw;
}

/** What identifies "the same request": method, path and the parsed input. */
export function requestFingerprint(method: string, url: string, input: unknown): string {
  const { pathname, search } = new URL(url);
  return createHash("sha256").update(`${method} ${pathname}${search}\n${JSON.stringify(input ?? null)}`).digest("hex");
}

export type Claim =
  | { kind: "run"; finish: (status: number, body: unknown) => Promise<void>; release: () => Promise<void> }
  | { kind: "replay"; status: number; body: unknown };

/** Claims `key` for this request, or returns the stored answer of the same request; 409 or 422 otherwise. */
export async function claimIdempotencyKey(workspaceId: string, key: string, fingerprint: string): Promise<Claim> {
  // A stored row can vanish between the INSERT and the SELECT (its first request failed and
  // released it, or it was pruned), so a second round claims it anew.
  for (let attempt = 0; attempt < 3; attempt++) {
    const claimed = await db.$queryRaw<{ key: string }[]>`
      INSERT INTO "IdempotencyKey" ("workspaceId", "key", "fingerprint") VALUES (${workspaceId}, ${key}, ${fingerprint})
      ON CONFLICT ("workspaceId", "key") DO UPDATE
        SET "fingerprint" = EXCLUDED."fingerprint", "status" = NULL, "body" = NULL, "createdAt" = CURRENT_TIMESTAMP, "completedAt" = NULL
        WHERE "IdempotencyKey"."createdAt" < CURRENT_TIMESTAMP - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})
           OR ("IdempotencyKey"."completedAt" IS NULL AND "IdempotencyKey"."createdAt" < CURRENT_TIMESTAMP - make_interval(secs => ${ABANDONED_AFTER_SECONDS}))
      RETURNING "key"`;
    if (claimed.length) {
      await pruneExpired(workspaceId);
      return { kind: "run", finish: (status, body) => finish(workspaceId, key, fingerprint, status, body), release: () => release(workspaceId, key, fingerprint) };
    }
    const [row] = await db.$queryRaw<{ fingerprint: string; status: number | null; body: string | null }[]>`
      SELECT "fingerprint", "status", "body" FROM "IdempotencyKey" WHERE "workspaceId" = ${workspaceId} AND "key" = ${key}`;
    if (!row) continue;
    if (row.fingerprint !== fingerprint) {
      throw new ApiError(
        "IDEMPOTENCY_KEY_REUSED",
        `This Idempotency-Key was used in the last ${IDEMPOTENCY_WINDOW_HOURS} hours for another request (another path or body). Send a new key for a new request.`,
      );
    }
    if (row.status === null || row.body === null) {
      throw new ApiError("IDEMPOTENCY_KEY_IN_USE", "A request with this Idempotency-Key is still running. Retry in a moment to get its answer.", undefined, {
        "Retry-After": "1",
      });
    }
    return { kind: "replay", status: row.status, body: JSON.parse(row.body) };
  }
  throw new ApiError("IDEMPOTENCY_KEY_IN_USE", "A request with this Idempotency-Key is still running. Retry in a moment to get its answer.", undefined, {
    "Retry-After": "1",
  });
}

async function finish(workspaceId: string, key: string, fingerprint: string, status: number, body: unknown) {
  await db.$executeRaw`
    UPDATE "IdempotencyKey" SET "status" = ${status}, "body" = ${JSON.stringify(body)}, "completedAt" = CURRENT_TIMESTAMP
    WHERE "workspaceId" = ${workspaceId} AND "key" = ${key} AND "fingerprint" = ${fingerprint} AND "completedAt" IS NULL`;
}

async function release(workspaceId: string, key: string, fingerprint: string) {
  await db.$executeRaw`
    DELETE FROM "IdempotencyKey" WHERE "workspaceId" = ${workspaceId} AND "key" = ${key} AND "fingerprint" = ${fingerprint} AND "completedAt" IS NULL`;
}

// Each new claim clears its workspace's expired keys, so the table holds about one day of POSTs
// per workspace without a sweeper of its own.
async function pruneExpired(workspaceId: string) {
  await db.$executeRaw`
    DELETE FROM "IdempotencyKey"
    WHERE "workspaceId" = ${workspaceId} AND "createdAt" < CURRENT_TIMESTAMP - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})`;
}

/**
 * A request body read as a stream (an import's file), hashed as it passes, so that a streamed
 * POST can be told apart from another request under the same key without holding its body.
 */
export class HashedBody {
  readonly #hash = createHash("sha256");
  readonly #reader: ReadableStreamDefaultReader<Uint8Array> | null;
  #done = false;

  constructor(request: Request) {
    this.#reader = request.body ? request.body.getReader() : null;
  }

  /** The body's chunks, each added to the hash as the reader takes it. */
  async *chunks(): AsyncGenerator<Uint8Array> {
    for (;;) {
      const chunk = await this.#next();
      if (!chunk) return;
      yield chunk;
    }
  }

  /** The hash of the whole body: what the reader left unread is read (and hashed) first. */
  async digest(): Promise<string> {
    while (await this.#next());
    return this.#hash.copy().digest("hex");
  }

  async #next(): Promise<Uint8Array | null> {
    if (this.#done || !this.#reader) return null;
    const { done, value } = await this.#reader.read();
    if (done) {
      this.#done = true;
      return null;
    }
    this.#hash.update(value);
    return value;
  }
}

export type StreamedClaim =
  | { kind: "run"; finish: (status: number, body: unknown) => Promise<void>; release: () => Promise<void> }
  | { kind: "replay"; status: number; body: unknown };

/**
 * claimIdempotencyKey for a streamed body. The first request claims the key under its method and
 * path alone and stores its full fingerprint (the body's hash included) with its answer. A later
 * request under the key reads its own body through to compare the two: the same body replays the
 * answer, another one is 422. One arriving while the first still runs is 409, whatever its body.
 */
export async function claimStreamedIdempotencyKey(workspaceId: string, key: string, method: string, url: string, body: HashedBody): Promise<StreamedClaim> {
  const pending = `streaming:${requestFingerprint(method, url, null)}`;
  const full = async () => requestFingerprint(method, url, { bodySha256: await body.digest() });
  const claim = await claimIdempotencyKey(workspaceId, key, pending).catch(async (error: unknown) => {
    if (!(error instanceof ApiError) || error.code !== "IDEMPOTENCY_KEY_REUSED") throw error;
    return null;
  });
  if (claim?.kind === "run") {
    return {
      kind: "run",
      release: claim.release,
      finish: async (status, answer) => {
        const fingerprint = await full();
        await db.$executeRaw`
          UPDATE "IdempotencyKey" SET "fingerprint" = ${fingerprint}, "status" = ${status}, "body" = ${JSON.stringify(answer)}, "completedAt" = CURRENT_TIMESTAMP
          WHERE "workspaceId" = ${workspaceId} AND "key" = ${key} AND "fingerprint" = ${pending} AND "completedAt" IS NULL`;
      },
    };
  }
  // The same method and path still running was answered 409 by the claim. Here the key holds a
  // finished request (its full fingerprint, which this request's body decides) or another one.
  const [row] = await db.$queryRaw<{ fingerprint: string; status: number | null; body: string | null }[]>`
    SELECT "fingerprint", "status", "body" FROM "IdempotencyKey" WHERE "workspaceId" = ${workspaceId} AND "key" = ${key}`;
  if (!row) {
    throw new ApiError("IDEMPOTENCY_KEY_IN_USE", "A request with this Idempotency-Key just finished or failed. Retry in a moment.", undefined, { "Retry-After": "1" });
  }
  if (row.status !== null && row.body !== null && row.fingerprint === (await full())) return { kind: "replay", status: row.status, body: JSON.parse(row.body) };
  throw new ApiError(
    "IDEMPOTENCY_KEY_REUSED",
    `This Idempotency-Key was used in the last ${IDEMPOTENCY_WINDOW_HOURS} hours for another request (another path or body). Send a new key for a new request.`,
  );
}
