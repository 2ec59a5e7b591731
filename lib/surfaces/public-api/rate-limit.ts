import { ApiError } from "@/lib/platform/http/error-codes";
import { RATE_LIMIT_WINDOW_SECONDS, rateLimitHeaders } from "@/lib/surfaces/api/steps/rate-limit";
import { createRateLimiter, type RateLimitResult } from "@/lib/platform/ratelimit";
import type { RateLimiter } from "@/lib/platform/ratelimit/types";

// The public surface's own budget, per client IP, apart from the per-key budget of /api/v1 (its
// own prefix in the same store). Generous by default: a status page polled every few seconds by a
// whole office behind one NAT stays well under it; a scraper walking every page does not.
export const DEFAULT_PUBLIC_RATE_LIMIT_PER_MINUTE = 600;

export function publicRateLimitPerMinute(env: NodeJS.ProcessEnv = process.env): number {
  const configured = Number(env.PUBLIC_RATE_LIMIT_PER_MINUTE);
  return Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_PUBLIC_RATE_LIMIT_PER_MINUTE;
}

// On globalThis, like the answer cache: every copy of this module Next's bundles hold (and the
// fast lane, fast-lane.ts) must count against one budget per client IP.
const holder = globalThis as { __publicLimiter?: { signature: string; instance: RateLimiter } };

function publicLimiter(): RateLimiter {
  const limit = publicRateLimitPerMinute();
  const signature = `${process.env.UPSTASH_REDIS_REST_URL ?? ""}|${limit}`;
  if (holder.__publicLimiter?.signature !== signature) {
    holder.__publicLimiter = { signature, instance: createRateLimiter({ prefix: "public", limit, windowMs: RATE_LIMIT_WINDOW_SECONDS * 1000 }) };
  }
  return holder.__publicLimiter.instance;
}

/** Counts one request for `ip` and writes the X-RateLimit-* headers; the caller refuses when not `success`. */
export async function countPublicRequest(ip: string, headers: Headers): Promise<RateLimitResult> {
  const result = await publicLimiter().limit(ip);
  for (const [name, value] of Object.entries(rateLimitHeaders(result, "per-ip"))) headers.set(name, value);
  return result;
}

/** Counts one request for `ip`; writes the X-RateLimit-* headers first, then throws 429 when over. */
export async function rateLimitIp(ip: string, headers: Headers): Promise<void> {
  const result = await countPublicRequest(ip, headers);
  if (!result.success) {
    const retryAfter = Math.max(1, Math.ceil((result.reset - Date.now()) / 1000));
    throw new ApiError("RATE_LIMITED", `Rate limit of ${result.limit} requests per minute per client exceeded. Retry in ${retryAfter} s.`, undefined, {
      "Retry-After": String(retryAfter),
    });
  }
}
