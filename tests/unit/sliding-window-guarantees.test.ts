import { afterEach, describe, expect, it, vi } from "vitest";
import { createMemoryLimiter } from "@/lib/platform/ratelimit/memory";

// What "100 requests per rolling minute" guarantees with the sliding window in use (the same
// algorithm as @upstash/ratelimit's slidingWindow; docs/api.md, "Rate limits").

afterEach(() => vi.useRealTimers());

const MINUTE = 60_000;
const START = 1000 * MINUTE; // the start of a clock minute

async function acceptedAt(limiter: ReturnType<typeof createMemoryLimiter>, times: number[]) {
  const accepted: number[] = [];
  for (const time of times) {
    vi.setSystemTime(time);
    if ((await limiter.limit("key")).success) accepted.push(time);
  }
  return accepted;
}

describe("the sliding window's guarantees, limit 100", () => {
  it("a client pacing itself at one request every 0.61 s (98 a minute) is never refused, whatever its phase", async () => {
    vi.useFakeTimers({ now: START });
    for (const phase of [0, 170, 333, 590, 42_000]) {
      const limiter = createMemoryLimiter({ prefix: "t", limit: 100, windowMs: MINUTE });
      const times = Array.from({ length: 400 }, (_, i) => START + phase + i * 610);
      expect((await acceptedAt(limiter, times)).length).toBe(400);
    }
  });

  it("but at exactly 100 a minute, evenly spaced, a few are refused: the window is an estimate", async () => {
    vi.useFakeTimers({ now: START });
    const limiter = createMemoryLimiter({ prefix: "t", limit: 100, windowMs: MINUTE });
    const times = Array.from({ length: 500 }, (_, i) => START + i * 600);
    const accepted = await acceptedAt(limiter, times);
    expect(accepted.length).toBeLessThan(500);
    expect(accepted.length).toBeGreaterThanOrEqual(495);
  });

  it("worst case the other way: a burst early in one minute still weighs on the next, after it left the last 60 seconds", async () => {
    vi.useFakeTimers({ now: START });
    const limiter = createMemoryLimiter({ prefix: "t", limit: 100, windowMs: MINUTE });
    expect((await acceptedAt(limiter, Array.from({ length: 100 }, () => START))).length).toBe(100);
    // One second into the next minute none of the burst is within the last 60 s, but 98% of it counts.
    expect((await acceptedAt(limiter, Array.from({ length: 10 }, () => START + MINUTE + 1_000))).length).toBe(2);
  });

  it("never more than 100 accepted within one clock minute", async () => {
    vi.useFakeTimers({ now: START });
    const limiter = createMemoryLimiter({ prefix: "t", limit: 100, windowMs: MINUTE });
    const times = Array.from({ length: 3000 }, (_, i) => START + i * 60); // 1,000 a minute, for 3 minutes
    const accepted = await acceptedAt(limiter, times);
    for (let minute = 0; minute < 3; minute++) {
      const inMinute = accepted.filter((time) => time >= START + minute * MINUTE && time < START + (minute + 1) * MINUTE);
      expect(inMinute.length).toBeLessThanOrEqual(100);
    }
  });

  it("worst case: 200 within 60 seconds, a full burst at the end of one clock minute and another at the end of the next", async () => {
    vi.useFakeTimers({ now: START });
    const limiter = createMemoryLimiter({ prefix: "t", limit: 100, windowMs: MINUTE });
    const firstBurst = Array.from({ length: 150 }, () => START + 59_900);
    const secondBurst = Array.from({ length: 150 }, () => START + MINUTE + 59_500);
    const accepted = await acceptedAt(limiter, [...firstBurst, ...secondBurst]);
    expect(accepted.length).toBe(200);
    expect(accepted.at(-1)! - accepted[0]!).toBeLessThan(MINUTE);

    // Any 60 seconds hold at most two clock minutes' worth: nothing more fits before the next.
    expect(await acceptedAt(limiter, [START + MINUTE + 59_999])).toEqual([]);
  });
});
