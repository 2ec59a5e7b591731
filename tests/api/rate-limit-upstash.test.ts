import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRateLimiter, failOpenStats } from "@/lib/platform/ratelimit";
import { startUpstashBridge, type UpstashBridge } from "@/scripts/upstash-bridge/server";
import * as posts from "@/app/api/v1/posts/route";
import { call, seedTenant, uniqueSuffix } from "../support/api";
import { holdClock } from "../support/held-clock";

// The Upstash backend against the real Redis through the bridge: several app instances share one
// budget, and an unreachable or hanging Upstash never costs a request more than the bounded wait.
const TOKEN = "rate-limit-test-token";
let bridge: UpstashBridge;

beforeAll(async () => {
  bridge = await startUpstashBridge({ port: 0, token: TOKEN, redisUrl: process.env.REDIS_URL });
});
afterAll(async () => {
  await bridge?.close();
});

function instance(url: string, limit = 100) {
  const env = { UPSTASH_REDIS_REST_URL: url, UPSTASH_REDIS_REST_TOKEN: TOKEN, RATE_LIMIT_TIMEOUT_MS: "250" };
  return createRateLimiter({ prefix: `test-${uniqueSuffix()}`, limit, windowMs: 60_000 }, env);
}

describe("Upstash backend", () => {
  it("two app instances sharing one Redis share one budget (100 in total, not 200)", async () => {
    const prefix = `shared-${uniqueSuffix()}`;
    // A generous wait: under load a bridge answer slower than the default 250 ms would be counted
    // in-process instead (fail-open, tested below), and the total would no longer be exact.
    const env = { UPSTASH_REDIS_REST_URL: bridge.url, UPSTASH_REDIS_REST_TOKEN: TOKEN, RATE_LIMIT_TIMEOUT_MS: "5000" };
    const [a, b] = [createRateLimiter({ prefix, limit: 100, windowMs: 60_000 }, env), createRateLimiter({ prefix, limit: 100, windowMs: 60_000 }, env)];
    expect(a.backend).toBe("upstash");
    holdClock();
    let allowed = 0;
    for (let i = 0; i < 120; i++) {
      const result = await (i % 2 ? a : b).limit("key-1");
      if (result.success) allowed++;
    }
    expect(allowed).toBe(100);
    expect((await a.limit("key-2")).success).toBe(true);
  });

  it("keeps answering within the bounded wait when the bridge is down, without refusing", async () => {
    const down = await startUpstashBridge({ port: 0, token: TOKEN, redisUrl: process.env.REDIS_URL });
    const url = down.url;
    await down.close();
    const before = failOpenStats().total;
    const limiter = instance(url, 3);
    for (let i = 0; i < 3; i++) {
      const started = Date.now();
      const result = await limiter.limit("k");
      expect(Date.now() - started).toBeLessThan(1000);
      expect(result.success).toBe(true);
      expect(result.limit).toBe(3);
      expect(result.reset).toBeGreaterThan(Date.now());
    }
    // Every fail-open decision is counted, for /api/health and the log.
    expect(failOpenStats()).toMatchObject({ total: before + 3, lastReason: expect.any(String) });
  });

  it("keeps answering within the bounded wait when Upstash hangs", async () => {
    const sockets: net.Socket[] = [];
    const hanging = net.createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
    const { port } = hanging.address() as net.AddressInfo;
    try {
      const limiter = instance(`http://127.0.0.1:${port}`);
      for (let i = 0; i < 3; i++) {
        const started = Date.now();
        const result = await limiter.limit("k");
        expect(Date.now() - started).toBeLessThan(1000);
        expect(result).toMatchObject({ success: true, limit: 100 });
        expect(result.reset).toBeGreaterThan(0);
      }
    } finally {
      sockets.forEach((socket) => socket.destroy());
      await new Promise((resolve) => hanging.close(resolve));
    }
  });

  it("through the API: requests during an outage are answered normally, never 429 or 500", async () => {
    const down = await startUpstashBridge({ port: 0, token: TOKEN, redisUrl: process.env.REDIS_URL });
    await down.close();
    const saved = { url: process.env.UPSTASH_REDIS_REST_URL, token: process.env.UPSTASH_REDIS_REST_TOKEN };
    process.env.UPSTASH_REDIS_REST_URL = down.url;
    process.env.UPSTASH_REDIS_REST_TOKEN = TOKEN;
    try {
      const tenant = await seedTenant();
      const key = await tenant.key(["posts:read"]);
      for (let i = 0; i < 5; i++) {
        const started = Date.now();
        const result = await call(posts.GET, "GET", "/api/v1/posts", { key });
        expect(result.status).toBe(200);
        expect(Date.now() - started).toBeLessThan(1000);
        expect(result.headers.get("x-ratelimit-limit")).toBe("100");
        expect(result.headers.get("x-ratelimit-remaining")).toBe(String(99 - i));
      }
    } finally {
      process.env.UPSTASH_REDIS_REST_URL = saved.url;
      process.env.UPSTASH_REDIS_REST_TOKEN = saved.token;
      if (saved.url === undefined) delete process.env.UPSTASH_REDIS_REST_URL;
      if (saved.token === undefined) delete process.env.UPSTASH_REDIS_REST_TOKEN;
    }
  });
});
