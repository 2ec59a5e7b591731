import { DomainError } from "@/lib/platform/core/errors";
import { UNKNOWN_IP } from "@/lib/platform/server/client-ip";
import { createRateLimiter } from "@/lib/platform/ratelimit";
import type { RateLimiter } from "@/lib/platform/ratelimit/types";
import { processSingleton } from "@/lib/platform/core/process-singleton";

// Throttles on everything a stranger can do to the identity side, on
// the same backends as the API limit (Upstash shared by instances, else in-process). Per account or
// address they stop guessing one password and flooding one inbox; per client IP they stop one
// client walking many accounts. AUTH_IP_LIMIT_FACTOR multiplies the per-IP budgets for offices or
// test rigs where many people share one address.
const MINUTE = 60_000;
/** Reset mails for one address asked for from one network in an hour, and how many networks' worth reach it. */
export const RESET_PER_NETWORK = 5;
export const RESET_NETWORKS = 3;
/** How many workspaces' worth of invitations one address receives in an hour. */
export const INVITE_WORKSPACES = 4;

export const THROTTLES = {
  /** Password checks from one client (sign-in and "current password"). Wrong passwords also make
   *  that client wait longer after each (lib/platform/auth/sign-in-delays.ts); no budget is per account, so
   *  nobody can spend an owner's way in. */
  signInIp: { limit: 60, windowMs: 15 * MINUTE, perIp: true },
  /** Sign-ups naming one address (whether or not it has an account, so the answer tells nothing). */
  signUpAddress: { limit: 5, windowMs: 60 * MINUTE, perIp: false },
  signUpIp: { limit: 20, windowMs: 60 * MINUTE, perIp: true },
  /** Verification mails to one address: only its account's owner (and the sign-up that made it)
   *  asks for these, so no budget below that a stranger can spend is shared with this one. */
  mailAddress: { limit: 5, windowMs: 60 * MINUTE, perIp: false },
  /** Every mail that names an address, asked for from one client. */
  mailIp: { limit: 40, windowMs: 60 * MINUTE, perIp: true },
  /** Invitation mails to one address from one workspace (anyone can make a workspace and invite
   *  anyone), ... */
  inviteAddressWorkspace: { limit: 3, windowMs: 60 * MINUTE, perIp: false },
  /** ... and from every workspace together: INVITE_WORKSPACES workspaces' worth an hour reach one
   *  inbox. Only invitations their workspace's budget let through count here. */
  inviteAddress: { limit: 3 * INVITE_WORKSPACES, windowMs: 60 * MINUTE, perIp: false },
  /** "Forgot password?" naming one address (known or not) from one client network (lib/platform/server/client-ip.ts,
   *  clientNetwork): a stranger who spends it holds up only their own network, never the owner's. */
  resetAddressNetwork: { limit: RESET_PER_NETWORK, windowMs: 60 * MINUTE, perIp: false },
  /** ... and from every network together, so the owner's inbox gets at most this many an hour:
   *  RESET_NETWORKS networks' worth. Only requests their network's budget let through count here. */
  resetAddress: { limit: RESET_PER_NETWORK * RESET_NETWORKS, windowMs: 60 * MINUTE, perIp: false },
  /** Asked for from one client, over all addresses. */
  resetIp: { limit: 20, windowMs: 60 * MINUTE, perIp: true },
  /** Changes of address asked for by one signed-in account (each mails a link to a new address). */
  emailChangeAccount: { limit: 5, windowMs: 60 * MINUTE, perIp: false },
  /** ... and naming one new address, from any account: its own budget, not the address's
   *  verification mails, which someone else's account could otherwise spend. */
  emailChangeAddress: { limit: 5, windowMs: 60 * MINUTE, perIp: false },
} as const;

export type ThrottleName = keyof typeof THROTTLES;

export function ipFactor(): number {
  const factor = Number(process.env.AUTH_IP_LIMIT_FACTOR);
  return Number.isFinite(factor) && factor >= 1 ? Math.floor(factor) : 1;
}

const limiters = processSingleton("authThrottles", () => new Map<ThrottleName, RateLimiter>());

function limiter(name: ThrottleName): RateLimiter {
  let found = limiters.get(name);
  if (!found) {
    const { limit, windowMs, perIp } = THROTTLES[name];
    found = createRateLimiter({ prefix: `auth:${name}`, limit: perIp ? limit * ipFactor() : limit, windowMs });
    limiters.set(name, found);
  }
  return found;
}

export type ThrottleResult = { ok: true } | { ok: false; retryAfterSeconds: number };


/**
 * Counts one attempt against each (throttle, key) pair; refused if any of them is spent. A per-IP
 * check without a known IP is skipped: every client would share one bucket, and a stranger could
 * spend it for everyone. The per-account and per-address budgets still hold. `inTurn`: the checks
 * are asked in order and a refusal ends the round, so a request one budget refuses spends nothing
 * of the budgets after it (a budget shared with other people goes last).
 */
export async function throttle(checks: ReadonlyArray<readonly [ThrottleName, string]>, { inTurn = false } = {}): Promise<ThrottleResult> {
  let retryAfterMs = 0;
  for (const [name, key] of checks) {
    if (THROTTLES[name].perIp && key === UNKNOWN_IP) continue;
    const result = await limiter(name).limit(key.toLowerCase());
    if (!result.success) retryAfterMs = Math.max(retryAfterMs, result.reset - Date.now());
    if (inTurn && retryAfterMs > 0) break;
  }
  return retryAfterMs > 0 ? { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) } : { ok: true };
}

/**
 * An invitation mail's budgets, asked in turn: the sender's client, then the address from this
 * workspace, then the address from all workspaces (shared with other people, so last). They are
 * not the address's verification budget: inviting someone never holds up their own links.
 */
export function invitationThrottles(workspaceId: string, email: string, ip: string): [ThrottleName, string][] {
  return [
    ["mailIp", ip],
    ["inviteAddressWorkspace", `${workspaceId}:${email}`],
    ["inviteAddress", email],
  ];
}

export function waitMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return minutes <= 1 ? "Try again in a minute." : `Try again in ${minutes} minutes.`;
}

/** For domain functions: a spent throttle becomes 429 RATE_LIMITED with a message the form shows. */
export async function throttleOrThrow(checks: ReadonlyArray<readonly [ThrottleName, string]>, what: string, { inTurn = false } = {}): Promise<void> {
  const result = await throttle(checks, { inTurn });
  if (!result.ok) throw new DomainError("RATE_LIMITED", `${what} ${waitMessage(result.retryAfterSeconds)}`);
}
