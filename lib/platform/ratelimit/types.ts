export interface RateLimitResult {
  success: boolean;
  limit: number;
  remaining: number;
  /** Epoch milliseconds at which the current window ends and capacity frees up. */
  reset: number;
}

export interface RateLimiter {
  readonly backend: "upstash" | "memory";
  limit(identifier: string): Promise<RateLimitResult>;
}

export interface LimiterOptions {
  /** Keeps separate budgets apart in one store (e.g. "api" per key, "public" per IP). */
  prefix: string;
  limit: number;
  windowMs: number;
}
