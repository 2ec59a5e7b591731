import { ApiError } from "../../../platform/http/error-codes";
import { apiRateLimitPerMinute, createRateLimiter, type RateLimitResult } from "@/lib/platform/ratelimit";
import type { RateLimiter } from "@/lib/platform/ratelimit/types";
import { processSingleton } from "@/lib/platform/core/process-singleton";

/** Both budgets count over a rolling minute. */
export const RATE_LIMIT_WINDOW_SECONDS = 60;

const held = processSingleton<{ limiter?: { signature: string; instance: RateLimiter } }>("apiRateLimiter", () => ({}));

// Built on first use from the environment of that moment (tests switch backends between files).
function apiLimiter(): RateLimiter {
  const limit = apiRateLimitPerMinute();
  const signature = `${process.env.UPSTASH_REDIS_REST_URL ?? ""}|${limit}`;
  if (held.limiter?.signature !== signature) {
    held.limiter = { signature, instance: createRateLimiter({ prefix: "api", limit, windowMs: RATE_LIMIT_WINDOW_SECONDS * 1000 }) };
  }
  return held.limiter.instance;
}

/** The quota policy names of the IETF `RateLimit` fields: one budget per key, one per client IP. */
export type RateLimitPolicyName = "per-key" | "per-ip";

/**
 * GitHub-style `X-RateLimit-*` and the IETF httpapi draft's `RateLimit-Policy` and
 * `RateLimit` fields (draft-ietf-httpapi-ratelimit-headers-10): a policy named by a
 * quoted string, its quota `q` per window `w` seconds; then `r` requests remaining and `t` seconds
 * until the window next frees capacity.
 */
export function rateLimitHeaders(result: RateLimitResult, policy: RateLimitPolicyName, now = Date.now()): Record<string, string> {
  const secondsToReset = Math.max(0, Math.ceil((result.reset - now) / 1000));
  return {
    "X-RateLimit-Limit": String(result.limit),
    "X-RateLimit-Remaining": String(result.remaining),
    // Unix seconds at which the window next frees capacity (GitHub's convention).
    "X-RateLimit-Reset": String(Math.ceil(result.reset / 1000)),
    "RateLimit-Policy": `"${policy}";q=${result.limit};w=${RATE_LIMIT_WINDOW_SECONDS}`,
    RateLimit: `"${policy}";r=${result.remaining};t=${secondsToReset}`,
  };
}

/**
 * Step 2 (→ 429): counted per key id, never the raw key. The headers go on every response that
 * has a key identity, so they are written to `headers` before anything else can fail.
 */
export async function rateLimit(keyId: string, headers: Record<string, string>): Promise<void> {
  const result = await apiLimiter().limit(keyId);
  Object.assign(headers, rateLimitHeaders(result, "per-key"));
  if (!result.success) {
    const retryAfter = Math.max(1, Math.ceil((result.reset - Date.now()) / 1000));
    throw new ApiError("RATE_LIMITED", `Rate limit of ${result.limit} requests per minute exceeded. Retry in ${retryAfter} s.`, undefined, {
      "Retry-After": String(retryAfter),
    });
  }
}
