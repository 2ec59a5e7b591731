import { Ratelimit } from "@upstash/ratelimit";
import { Redis } from "@upstash/redis";
import type { LimiterOptions, RateLimitResult } from "./types";

export interface UpstashConfig {
  url: string;
  token: string;
  /** Longest we wait for Upstash before failing open. */
  timeoutMs: number;
}

/**
 * @upstash/ratelimit with the waits bounded: no client retries (they back off for seconds), every
 * HTTP request aborted at the deadline, and the limiter's own timeout set to the same deadline.
 * Resolves null when Upstash did not answer in time or failed, so the caller can fail open;
 * a timeout result's limit:0/reset:0 never reaches a client.
 */
export function createUpstashLimit({ url, token, timeoutMs }: UpstashConfig, { prefix, limit, windowMs }: LimiterOptions) {
  const redis = new Redis({
    url,
    token,
    retry: { retries: 0 },
    signal: () => AbortSignal.timeout(timeoutMs),
    enableAutoPipelining: true,
    keepAlive: true,
  });
  const ratelimit = new Ratelimit({
    redis,
    limiter: Ratelimit.slidingWindow(limit, `${windowMs} ms`),
    prefix: `wsp:rl:${prefix}`,
    timeout: timeoutMs,
    analytics: false,
  });

  return async function limitWithUpstash(identifier: string): Promise<RateLimitResult | { failed: string }> {
    try {
      const result = await ratelimit.limit(identifier);
      if (result.reason === "timeout" || result.limit === 0 || result.reset === 0) {
        return { failed: `no answer within ${timeoutMs} ms` };
      }
      return { success: result.success, limit: result.limit, remaining: result.remaining, reset: result.reset };
    } catch (error) {
      return { failed: error instanceof Error ? error.message : String(error) };
    }
  };
}
