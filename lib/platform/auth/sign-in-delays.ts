import { db } from "@/lib/platform/db/client";
import { UNKNOWN_IP } from "@/lib/platform/server/client-ip";
import { ipFactor } from "./throttles";

// Wrong passwords make the address that sent them wait, never the account. A hard lock per account
// let anyone who knew an owner's address keep the owner out with ten guesses; here failures are
// counted per (account address, client IP) and per client IP, and past a few free failures each
// further one doubles that key's wait (1 s, 2 s, 4 s … at most 15 minutes). The owner signing in
// from another network meets none of it. Attempts refused during a wait are not counted: they cost
// no password check, and counting them would only let a flood push its own wait further out.
//
// Times come from the application clock (not the database's now()), so one clock decides the waits
// and the hour of the warning mail.

export const SIGN_IN_DELAYS = {
  /** Wrong passwords for one account from one client IP before it has to wait. */
  freeFailuresPerAccountAndIp: 5,
  /** Wrong passwords from one client IP, over all accounts, before it has to wait (times
   *  AUTH_IP_LIMIT_FACTOR, for offices where many people share one address). */
  freeFailuresPerIp: 20,
  maxWaitSeconds: 15 * 60,
  /** A key with no failure for this long starts again from zero. */
  forgetAfterMs: 60 * 60_000,
  /** Rows idle this long are deleted (they would have been forgotten anyway). */
  sweepAfterMs: 24 * 60 * 60_000,
} as const;

type Key = { key: string; freeFailures: number };

function keysOf(email: string | null, ip: string): Key[] {
  const keys: Key[] = [];
  if (email) keys.push({ key: `account:${email.toLowerCase()}|ip:${ip}`, freeFailures: SIGN_IN_DELAYS.freeFailuresPerAccountAndIp });
  // Without a known client IP every client would share one per-IP key, and a stranger could spend
  // it for everyone: only the per-account key counts then.
  if (ip !== UNKNOWN_IP) keys.push({ key: `ip:${ip}`, freeFailures: SIGN_IN_DELAYS.freeFailuresPerIp * ipFactor() });
  return keys;
}

/** Seconds a key waits after its `failures`-th failure: 0 while free, then 1, 2, 4 … capped. */
export function waitSecondsAfter(failures: number, freeFailures: number): number {
  if (failures < freeFailures) return 0;
  return Math.min(2 ** (failures - freeFailures), SIGN_IN_DELAYS.maxWaitSeconds);
}

/** Seconds this client must still wait before trying this account again; 0 when it may try now. */
export async function signInWait(email: string | null, ip: string, now = new Date()): Promise<number> {
  const keys = keysOf(email, ip).map(({ key }) => key);
  if (keys.length === 0) return 0;
  const rows = await db.signInThrottle.findMany({ where: { key: { in: keys }, blockedUntil: { gt: now } }, select: { blockedUntil: true } });
  const until = Math.max(0, ...rows.map((row) => row.blockedUntil!.getTime()));
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
}

/** Counts one wrong password for this account address from this client; returns the wait it earned. */
export async function recordSignInFailure(email: string | null, ip: string, now = new Date()): Promise<number> {
  const forgetBefore = new Date(now.getTime() - SIGN_IN_DELAYS.forgetAfterMs);
  let wait = 0;
  for (const { key, freeFailures } of keysOf(email, ip)) {
    // One statement, so concurrent failures on one key each add one.
    const [row] = await db.$queryRaw<{ failures: number }[]>`
      INSERT INTO "SignInThrottle" AS t ("key", "failures", "lastFailureAt") VALUES (${key}, 1, ${now})
      ON CONFLICT ("key") DO UPDATE SET
        "failures" = CASE WHEN t."lastFailureAt" < ${forgetBefore} THEN 1 ELSE t."failures" + 1 END,
        "lastFailureAt" = ${now}
      RETURNING "failures"`;
    const seconds = waitSecondsAfter(row?.failures ?? 1, freeFailures);
    if (seconds > 0) {
      await db.signInThrottle.update({ where: { key }, data: { blockedUntil: new Date(now.getTime() + seconds * 1000) } });
      wait = Math.max(wait, seconds);
    }
  }
  if (Math.random() < 0.01) {
    await db.signInThrottle.deleteMany({ where: { lastFailureAt: { lt: new Date(now.getTime() - SIGN_IN_DELAYS.sweepAfterMs) } } });
  }
  return wait;
}

/** A right password: this client starts again from zero for this account (not for its other tries). */
export async function clearSignInFailures(email: string, ip: string): Promise<void> {
  await db.signInThrottle.deleteMany({ where: { key: keysOf(email, ip)[0]!.key } });
}
