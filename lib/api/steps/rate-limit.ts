import { ApiError } from "../error-codes";
import { apiRateLimitPerMinute, createRateLimiter, type RateLimitResult } from "@/lib/ratelimit";
import type { RateLimiter } from "@/lib/ratelimit/types";

let limiter: { signature: string; instance: RateLimiter } | undefined;

// Built on first use from the environment of that moment (tests switch backends between files).
function apiLimiter(): RateLimiter {
  const limit = apiRateLimitPerMinute();
  const signature = `${process.env.UPSTASH_REDIS_REST_URL ?? ""}|${limit}`;
  if (limiter?.signature !== signature) {
    limiter = { signature, instance: createRateLimiter({ prefix: "api", limit, windowMs: 60_000 }) };
  }
  return limiter.instance;
}

export function rateLimitHeaders(result: RateLimitResult): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(result.limit),
    "X-RateLimit-Remaining": String(result.remaining),
    // Unix seconds at which the window next frees capacity (GitHub's convention, SPEC B3).
    "X-RateLimit-Reset": String(Math.ceil(result.reset / 1000)),
  };
}

/**
 * Step 2 (→ 429): counted per key id, never the raw key. The headers go on every response that
 * has a key identity, so they are written to `headers` before anything else can fail.
 */
export async function rateLimit(keyId: string, headers: Record<string, string>): Promise<void> {
  const result = await apiLimiter().limit(keyId);
  Object.assign(headers, rateLimitHeaders(result));
  if (!result.success) {
    const retryAfter = Math.max(1, Math.ceil((result.reset - Date.now()) / 1000));
    throw new ApiError("RATE_LIMITED", `Rate limit of ${result.limit} requests per minute exceeded. Retry in ${retryAfter} s.`, undefined, {
      "Retry-After": String(retryAfter),
    });
  }
}
