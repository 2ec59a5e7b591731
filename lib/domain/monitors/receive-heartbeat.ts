import { DomainError } from "@/lib/platform/core/errors";
import { db } from "@/lib/platform/db/client";
import { lazyLimiter } from "@/lib/domain/posts/visitor-limits";

// A heartbeat: a job or an internal service calls its monitor's secret URL at least once per
// interval. Anyone who has the URL can call it, so each is bounded: a secret is counted at most
// BEATS_PER_MINUTE times a minute (one beat a second is more than any interval needs), and an
// address that guesses secrets gets GUESSES_PER_MINUTE wrong ones before it is refused.

export const BEATS_PER_MINUTE = 60;
export const GUESSES_PER_MINUTE = 20;
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

const beatLimiter = lazyLimiter({ prefix: "heartbeat", limit: BEATS_PER_MINUTE, windowMs: 60_000 });
const guessLimiter = lazyLimiter({ prefix: "heartbeat-guess", limit: GUESSES_PER_MINUTE, windowMs: 60_000 });

function limited(reset: number): DomainError {
  return new DomainError("RATE_LIMITED", "Too many heartbeats. One a second is the most that counts.", undefined, Math.max(1, Math.ceil((reset - Date.now()) / 1000)));
}

/**
 * Stamps the beat. A monitor that is down is checked again at once, so it comes back up without
 * waiting out its interval. A wrong or unknown secret is NOT_FOUND, whatever the reason.
 */
export async function receiveHeartbeat(token: string, clientKey: string, now = new Date()): Promise<{ monitorId: string }> {
  const notFound = new DomainError("NOT_FOUND", "No heartbeat has this address. Copy it again from the monitor's page.");
  if (!TOKEN.test(token)) {
    const guess = await guessLimiter().limit(clientKey);
    if (!guess.success) throw limited(guess.reset);
    throw notFound;
  }
  const allowed = await beatLimiter().limit(token);
  if (!allowed.success) throw limited(allowed.reset);
  const rows = await db.$queryRawUnsafe<{ id: string }[]>(
    `UPDATE "Monitor" SET "lastBeatAt" = $2, "nextCheckAt" = CASE WHEN state = 'down' AND "nextCheckAt" > $2 THEN $2 ELSE "nextCheckAt" END
     WHERE "heartbeatToken" = $1 AND kind = 'heartbeat' RETURNING id`,
    token,
    now,
  );
  if (!rows[0]) {
    const guess = await guessLimiter().limit(clientKey);
    if (!guess.success) throw limited(guess.reset);
    throw notFound;
  }
  return { monitorId: rows[0].id };
}
