import { expect, it, vi } from "vitest";
import { batchByTurn } from "@/lib/platform/core/batch-by-turn";
import { startClaimLoop } from "@/lib/platform/jobs/claim-loop";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it("items that end one by one are replaced by one claim per interval, not a claim each", async () => {
  const sizes: number[] = [];
  let next = 0;
  const loop = startClaimLoop<number>({
    concurrency: 8,
    pollMs: 1_000,
    minClaimIntervalMs: 50,
    keyOf: String,
    claim: async (free) => {
      sizes.push(free);
      return Array.from({ length: free }, () => next++);
    },
    onClaimError: () => undefined,
    // Each item ends a few milliseconds after the one before it.
    run: async (item) => void (await sleep(2 + (item % 8) * 3)),
    giveBack: async () => undefined,
  });
  await sleep(300);
  await loop.stop(1_000);
  // Without the interval every ending item would start a claim of one: dozens in 300 ms.
  expect(sizes.length).toBeLessThanOrEqual(8);
  expect(sizes.slice(1).every((size) => size > 1)).toBe(true);
});

it("a batch given gatherMs takes the inputs of that window in one call", async () => {
  // On Vitest's clock, moved by hand: on a busy machine a real 5 ms pause can outlast the window.
  vi.useFakeTimers();
  try {
    const calls: number[][] = [];
    const double = batchByTurn(async (inputs: number[]) => {
      calls.push(inputs);
      return inputs.map((input) => input * 2);
    }, { gatherMs: 30 });
    const results = [double(1)];
    await vi.advanceTimersByTimeAsync(5);
    results.push(double(2));
    await vi.advanceTimersByTimeAsync(20);
    results.push(double(3));
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(5);
    expect(await Promise.all(results)).toEqual([2, 4, 6]);
    expect(calls).toEqual([[1, 2, 3]]);
    // The next input after the window starts a batch of its own.
    const fourth = double(4);
    await vi.advanceTimersByTimeAsync(30);
    expect(await fourth).toBe(8);
    expect(calls).toHaveLength(2);
  } finally {
    vi.useRealTimers();
  }
});
