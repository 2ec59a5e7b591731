import { createMemoryLimiter } from "./memory";
import type { LimiterOptions, RateLimiter, RateLimitResult } from "./types";
import { createUpstashLimit } from "./upstash";
import { repeatedWarning } from "@/lib/platform/log/repeated";

export type { RateLimitResult } from "./types";

// Which backend counts: Upstash when UPSTASH_REDIS_REST_URL and _TOKEN are set, shared by
// every instance; otherwise an in-process limiter with the same semantics (the embedded default,
// one instance). When Upstash errors or is slow, the request is counted in-process instead (fail
// open), so an outage never turns into 429s or 500s. Every such decision is counted
// (failOpenStats(), reported by /api/health) and logged: a line when it starts, then one per
// window with how many requests failed open meanwhile (lib/platform/log/repeated.ts).
type Env = Record<string, string | undefined>;

interface FailOpenStats {
  /** Requests counted in-process because Upstash did not answer, since this process started. */
  total: number;
  lastAt: number | null;
  lastReason: string | null;
}
const failOpen: FailOpenStats = ((globalThis as { __rateLimitFailOpen?: FailOpenStats }).__rateLimitFailOpen ??= { total: 0, lastAt: null, lastReason: null });

export function failOpenStats(): Readonly<FailOpenStats> {
  return { ...failOpen };
}

export function rateLimitBackend(env: Env = process.env): "upstash" | "memory" {
  return env.UPSTASH_REDIS_REST_URL && env.UPSTASH_REDIS_REST_TOKEN ? "upstash" : "memory";
}

export function createRateLimiter(options: LimiterOptions, env: Env = process.env): RateLimiter {
  const memory = createMemoryLimiter(options);
  if (rateLimitBackend(env) === "memory") return memory;

  const timeoutMs = Number(env.RATE_LIMIT_TIMEOUT_MS) || 250;
  const upstash = createUpstashLimit(
    { url: env.UPSTASH_REDIS_REST_URL!, token: env.UPSTASH_REDIS_REST_TOKEN!, timeoutMs },
    options,
  );
  return {
    backend: "upstash",
    async limit(identifier: string): Promise<RateLimitResult> {
      const result = await upstash(identifier);
      if (!("failed" in result)) return result;
      failOpen.total += 1;
      failOpen.lastAt = Date.now();
      failOpen.lastReason = result.failed;
      repeatedWarning.report(
        "ratelimit-fail-open",
        { limiter: options.prefix, reason: result.failed, failOpenTotal: failOpen.total },
        "Upstash unavailable: counting in-process (fail open) until it answers again",
      );
      return memory.limit(identifier);
    },
  };
}

/** The operator's per-minute limit; 100 by contract, raised only for benchmarks and tests. */
export function apiRateLimitPerMinute(env: Env = process.env): number {
  const configured = Number(env.RATE_LIMIT_PER_MINUTE);
  return Number.isInteger(configured) && configured > 0 ? configured : 100;
}

export function describeRateLimiter(env: Env = process.env): string {
  return rateLimitBackend(env) === "upstash"
    ? `Upstash (${new URL(env.UPSTASH_REDIS_REST_URL!).host}), failing open to in-process counting`
    : "in-process (set UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN to share limits across instances)";
}
