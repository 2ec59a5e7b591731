import { describe, expect, it } from "vitest";
import * as boardsLike from "@/app/api/v1/posts/route";
import { rateLimitBackend } from "@/lib/platform/ratelimit";
import { call, seedTenant } from "../support/api";
import { expectError } from "../support/endpoint-checklist";
import { holdClock } from "../support/held-clock";

// Runs on whichever backend the environment selects: in-process by default, Upstash through the
// bridge when the suite runs with TEST_RATE_LIMIT_BACKEND=upstash (CI does both).
describe(`rate limit (${rateLimitBackend()} backend)`, () => {
  it("counts 100 per minute per key exactly, then 429 with Retry-After; another key is unaffected", async () => {
    const tenant = await seedTenant();
    const [key, other] = [await tenant.key(["posts:read"]), await tenant.key(["posts:read"])];
    holdClock();

    for (let i = 1; i <= 100; i++) {
      const result = await call(boardsLike.GET, "GET", "/api/v1/posts", { key, query: { limit: "1" } });
      expect(result.status).toBe(200);
      expect(result.headers.get("x-ratelimit-limit")).toBe("100");
      expect(result.headers.get("x-ratelimit-remaining")).toBe(String(100 - i));
    }
    const limited = await call(boardsLike.GET, "GET", "/api/v1/posts", { key });
    expectError(limited, 429, "RATE_LIMITED");
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const reset = Number(limited.headers.get("x-ratelimit-reset"));
    expect(reset).toBeGreaterThan(Date.now() / 1000);
    expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 60);

    const fresh = await call(boardsLike.GET, "GET", "/api/v1/posts", { key: other });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("x-ratelimit-remaining")).toBe("99");
  });

  it("a refused request still carries the rate-limit headers, and counts", async () => {
    const tenant = await seedTenant();
    const key = await tenant.key(["boards:read"]);
    holdClock();
    const first = await call(boardsLike.GET, "GET", "/api/v1/posts", { key });
    expectError(first, 403, "INSUFFICIENT_SCOPES");
    expect(first.headers.get("x-ratelimit-remaining")).toBe("99");
    const second = await call(boardsLike.GET, "GET", "/api/v1/posts", { key, query: { limit: "0" } });
    expect(second.headers.get("x-ratelimit-remaining")).toBe("98");
  });
});
