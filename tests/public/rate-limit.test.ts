import { describe, expect, it } from "vitest";
import * as status from "@/app/api/public/[workspace]/status/route";
import * as boards from "@/app/api/public/[workspace]/boards/route";
import * as viewer from "@/app/p/[workspace]/viewer/route";
import { rateLimitBackend } from "@/lib/platform/ratelimit";
import { expectError } from "../support/endpoint-checklist";
import { holdClock } from "../support/held-clock";
import { seedPortal } from "./fixtures";
import { get, randomIp } from "./request";

// The limiter is built on first use from the environment of that moment.
process.env.PUBLIC_RATE_LIMIT_PER_MINUTE = "5";
// Each request carries the address the production server resolved for it (server.ts; the rule
// itself: tests/unit/client-ip.test.ts and tests/server/front-door.test.ts).

describe(`per-IP rate limit on /api/public (${rateLimitBackend()} backend)`, () => {
  it("counts every public request per client address, cached answers included, then 429", async () => {
    const portal = await seedPortal();
    const ip = randomIp();
    holdClock();
    for (let i = 1; i <= 5; i++) {
      const handler = i % 2 ? status.GET : boards.GET;
      const result = await get(handler, "/x", { workspace: portal.slug }, { headers: { "x-client-ip": ip } });
      expect(result.status).toBe(200);
      expect(result.headers.get("x-ratelimit-limit")).toBe("5");
      expect(result.headers.get("x-ratelimit-remaining")).toBe(String(5 - i));
    }
    const limited = await get(status.GET, "/x", { workspace: portal.slug }, { headers: { "x-client-ip": ip } });
    expectError(limited, 429, "RATE_LIMITED");
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get("x-ratelimit-reset"))).toBeGreaterThan(Date.now() / 1000);
    expect(limited.headers.get("access-control-allow-origin")).toBe("*");

    // Another address has its own budget.
    const other = await get(status.GET, "/x", { workspace: portal.slug }, { headers: { "x-client-ip": randomIp() } });
    expect(other.status).toBe(200);
    expect(other.headers.get("x-ratelimit-remaining")).toBe("4");
  });

  it("counts a portal page's viewer ask against the same budget: 429 in the JSON envelope with Retry-After", async () => {
    const portal = await seedPortal();
    const ip = randomIp();
    const ask = async (from: string) => {
      const request = new Request(`http://localhost/p/${portal.slug}/viewer?posts=${portal.post.id}`, { headers: { "x-client-ip": from } });
      const response = await viewer.GET(request, { params: Promise.resolve({ workspace: portal.slug }) });
      return { status: response.status, headers: response.headers, json: await response.json() };
    };
    holdClock();
    // A public read and viewer asks from one address share its budget of 5.
    expect((await get(status.GET, "/x", { workspace: portal.slug }, { headers: { "x-client-ip": ip } })).status).toBe(200);
    for (let i = 2; i <= 5; i++) {
      const answered = await ask(ip);
      expect(answered.status).toBe(200);
      expect(answered.json).toEqual({ visitor: null, voted: [] });
      expect(answered.headers.get("x-ratelimit-remaining")).toBe(String(5 - i));
    }
    const limited = await ask(ip);
    expectError(limited, 429, "RATE_LIMITED");
    expect(limited.json.error).toMatch(/Retry in \d+ s/);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(limited.headers.get("cache-control")).toBe("private, no-store");
    // Another address is answered.
    expect((await ask(randomIp())).status).toBe(200);
  });
});
