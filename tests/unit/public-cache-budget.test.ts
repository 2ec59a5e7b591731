import { beforeAll, describe, expect, it } from "vitest";

// What anonymous clients can make the public answer cache keep: every request line they send may
// be indexed by the fast lane, and a flood of long unique lines once grew the server by 171 MiB
// outside PUBLIC_CACHE_MAX_BYTES. Everything, keys included, must stay inside the budget.
const BUDGET = 2 * 1024 * 1024;
let cache: typeof import("@/lib/platform/cache/response-cache");

beforeAll(async () => {
  process.env.PUBLIC_CACHE_MAX_BYTES = String(BUDGET);
  cache = await import("@/lib/platform/cache/response-cache");
});

const answer = (body: string) => ({
  status: 200,
  body,
  contentType: "application/json",
  etag: cache.etagOf(body),
  headers: {},
  expiresAt: Date.now() + 60_000,
  validUntil: null,
});
const cacheControl = () => "public, max-age=5";

describe("the public cache's byte budget", () => {
  it("counts an entry's key as well as its value", () => {
    const key = "k".repeat(10_000);
    expect(cache.sizeOf(answer("x"), key)).toBeGreaterThanOrEqual(2 * key.length);
    expect(cache.sizeOf({ key: "answer", cacheControl }, key)).toBeGreaterThanOrEqual(2 * key.length);
  });

  it("10,000 unique 15 KiB request lines keep nothing; 10,000 lines at the length limit stay within the budget", () => {
    cache.clearPublicCache();
    cache.putCached("ws\u0000status\u0000{}", answer(JSON.stringify({ success: true })));
    const longLine = (i: number, length: number) => JSON.stringify(["localhost", "", "", `/api/public/ws/status?${i}=${"q".repeat(length)}`]);

    for (let i = 0; i < 10_000; i++) cache.rememberLine(longLine(i, 15 * 1024), { key: "ws\u0000status\u0000{}", cacheControl });
    expect(cache.publicCacheStats().entries).toBe(1);
    expect(cache.laneOf(longLine(1, 15 * 1024))).toBeUndefined();

    let peak = 0;
    for (let i = 0; i < 10_000; i++) {
      // As the route does: it found the answer (keeping it recent), then records the line.
      expect(cache.getCached("ws\u0000status\u0000{}")).toBeDefined();
      cache.rememberLine(longLine(i, cache.MAX_LINE_CHARS - 80), { key: "ws\u0000status\u0000{}", cacheControl });
      peak = Math.max(peak, cache.publicCacheStats().bytes);
    }
    const stats = cache.publicCacheStats();
    expect(stats.maxBytes).toBe(BUDGET);
    expect(peak).toBeLessThanOrEqual(BUDGET);
    // The budget, not an entry count, is what stopped it: each kept line counted at least its key.
    expect(stats.entries).toBeGreaterThan(100);
    expect(stats.entries * 2 * (cache.MAX_LINE_CHARS - 80)).toBeLessThanOrEqual(BUDGET);
    // The most recent lines are the ones kept.
    expect(cache.laneOf(longLine(9_999, cache.MAX_LINE_CHARS - 80))?.key).toBe("ws\u0000status\u0000{}");
  });

  it("a lane lives no longer than its answer, and a gzipped copy is counted with its answer", () => {
    cache.clearPublicCache();
    const key = "ws\u0000feed\u0000{}";
    const body = "a fairly compressible body ".repeat(500);
    cache.putCached(key, answer(body));
    const before = cache.publicCacheStats().bytes;
    const gzipped = cache.gzippedBody(key, cache.getCached(key)!, Buffer.from(body));
    expect(cache.publicCacheStats().bytes).toBe(before + gzipped.length);
    expect(cache.gzippedBody(key, cache.getCached(key)!, Buffer.from(body))).toBe(gzipped);

    cache.rememberLine("line", { key: "no-such-answer", cacheControl });
    expect(cache.laneOf("line")).toBeUndefined();
  });
});
