import { afterEach, describe, expect, it, vi } from "vitest";
import { createMemoryLimiter } from "@/lib/platform/ratelimit/memory";

afterEach(() => vi.useRealTimers());

describe("in-process sliding window", () => {
  it("allows the limit per window, then refuses until the window rolls, weighting the previous one", async () => {
    vi.useFakeTimers({ now: 60_000 * 1000 });
    const limiter = createMemoryLimiter({ prefix: "t", limit: 10, windowMs: 60_000 });
    for (let i = 9; i >= 0; i--) expect(await limiter.limit("a")).toMatchObject({ success: true, remaining: i });
    expect(await limiter.limit("a")).toMatchObject({ success: false, remaining: 0, reset: 60_000 * 1001 });
    expect((await limiter.limit("b")).success).toBe(true);

    // A quarter into the next window, 75% of the previous 10 still count (7): 3 more fit.
    vi.setSystemTime(60_000 * 1001 + 15_000);
    expect(await limiter.limit("a")).toMatchObject({ success: true, remaining: 2 });
    expect(await limiter.limit("a")).toMatchObject({ success: true, remaining: 1 });
    expect(await limiter.limit("a")).toMatchObject({ success: true, remaining: 0 });
    expect((await limiter.limit("a")).success).toBe(false);

    // Two windows later nothing of the old burst remains.
    vi.setSystemTime(60_000 * 1003);
    expect(await limiter.limit("a")).toMatchObject({ success: true, remaining: 9 });
  });
});
