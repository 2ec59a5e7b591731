import type { LimiterOptions, RateLimiter, RateLimitResult } from "./types";

// The same sliding window as @upstash/ratelimit's slidingWindow (fixed windows, the previous one
// weighted by how much of it still overlaps the rolling window), so switching backends changes
// where the counts live, not what a client sees.
interface Counts {
  window: number;
  current: number;
  previous: number;
}

export function createMemoryLimiter({ prefix, limit, windowMs }: LimiterOptions): RateLimiter & { reset(): void } {
  const counts = new Map<string, Counts>();
  let lastSweep = 0;

  function sweep(window: number) {
    if (window === lastSweep) return;
    lastSweep = window;
    for (const [id, entry] of counts) if (entry.window < window - 1) counts.delete(id);
  }

  return {
    backend: "memory",
    reset: () => counts.clear(),
    async limit(identifier: string): Promise<RateLimitResult> {
      const now = Date.now();
      const window = Math.floor(now / windowMs);
      sweep(window);
      const key = `${prefix}:${identifier}`;
      let entry = counts.get(key);
      if (!entry || entry.window !== window) {
        const previous = entry && entry.window === window - 1 ? entry.current : 0;
        entry = { window, current: 0, previous };
        counts.set(key, entry);
      }
      const weightedPrevious = Math.floor((1 - (now % windowMs) / windowMs) * entry.previous);
      const reset = (window + 1) * windowMs;
      if (weightedPrevious + entry.current >= limit) return { success: false, limit, remaining: 0, reset };
      entry.current += 1;
      return { success: true, limit, remaining: Math.max(0, limit - (entry.current + weightedPrevious)), reset };
    },
  };
}
