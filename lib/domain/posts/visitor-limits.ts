import { createRateLimiter } from "@/lib/platform/ratelimit";
import type { LimiterOptions, RateLimiter } from "@/lib/platform/ratelimit/types";

// Per-account budgets for what portal visitors trigger, on the same backend as the API's limit
// (Upstash when configured, else in-process). Counted per account and workspace: one person's
// flood on one portal neither spills onto another portal nor is hidden by it.
export const VISITOR_POSTS = { limit: 10, windowMs: 60 * 60_000, label: "10 ideas an hour" } as const;
// Suggestions run as a visitor types (debounced in the form): generous for a person, a wall for a script.
export const SIMILAR_LOOKUPS = { limit: 60, windowMs: 60_000 } as const;

export function lazyLimiter(options: LimiterOptions) {
  let built: { backend: string | undefined; instance: RateLimiter } | undefined;
  return (): RateLimiter => {
    // Built on first use from the environment of that moment (tests switch backends between files).
    const backend = process.env.UPSTASH_REDIS_REST_URL;
    if (!built || built.backend !== backend) built = { backend, instance: createRateLimiter(options) };
    return built.instance;
  };
}

export const visitorPostLimiter = lazyLimiter({ prefix: "visitor-posts", limit: VISITOR_POSTS.limit, windowMs: VISITOR_POSTS.windowMs });
export const similarLookupLimiter = lazyLimiter({ prefix: "similar-posts", limit: SIMILAR_LOOKUPS.limit, windowMs: SIMILAR_LOOKUPS.windowMs });

/** "about 12 minutes" until `resetMs` (epoch ms), for messages that say when to try again. */
export function waitText(resetMs: number, now = Date.now()): string {
  const minutes = Math.max(1, Math.ceil((resetMs - now) / 60_000));
  return minutes === 1 ? "about a minute" : `about ${minutes} minutes`;
}
