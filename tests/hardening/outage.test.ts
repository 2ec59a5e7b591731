import { NextRequest } from "next/server";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import * as health from "@/app/api/health/route";
import { toApiError } from "@/lib/surfaces/api/to-api-error";
import { createPool, createPrismaClient } from "@/lib/platform/db/client";
import { resolveDatabaseTarget } from "@/lib/platform/db/target";
import { createRateLimiter } from "@/lib/platform/ratelimit";

// A database outage once made every dashboard page a 500, and
// one blocked table stalled the whole pool with no statement timeout. Real connections throughout:
// a port where nothing listens, and a real lock held by another session.

// Undefined on embedded PGlite: restoring must then remove the variable, since assigning
// undefined to process.env stores the string "undefined".
const liveUrl = process.env.DATABASE_URL;
const DEAD_URL = "postgresql://postgres@127.0.0.1:9/unreachable";
function restoreLiveDatabase() {
  if (liveUrl === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = liveUrl;
}
afterEach(restoreLiveDatabase);

describe("database outage", () => {
  it.each(["/w/acme", "/w/acme/settings/members", "/workspaces", "/account", "/p/acme", "/p/acme/status"])(
    "%s answers a styled 503 'temporarily unavailable' page with Retry-After, not a 500",
    async (path) => {
      process.env.DATABASE_URL = DEAD_URL;
      const response = await proxy(new NextRequest(`http://localhost${path}`));
      expect(response.status).toBe(503);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("retry-after")).toBe("10");
      expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
      const html = await response.text();
      expect(html).toContain("<h1>Temporarily unavailable</h1>");
      expect(html).toContain("We cannot reach our database right now");
      expect(html).toMatch(/<style nonce="[^"]+">/);
      expect(html).toContain(`Reference: ${response.headers.get("x-request-id")}`);
    },
  );

  it("pages pass through again once the database answers", async () => {
    const response = await proxy(new NextRequest("http://localhost/w/acme"));
    expect(response.headers.get("x-middleware-next")).toBe("1");
  });

  it("/api/health says 503 unavailable while the database is out of reach, 200 ok when it answers, with the limiter's fail-open count", async () => {
    process.env.DATABASE_URL = DEAD_URL;
    const down = await health.GET();
    expect(down.status).toBe(503);
    const downBody = await down.json();
    expect(downBody).toMatchObject({ status: "unavailable", database: { ok: false }, rateLimiter: { backend: expect.any(String), failOpenCount: expect.any(Number) } });
    expect(JSON.stringify(downBody)).not.toContain("127.0.0.1");

    restoreLiveDatabase();
    const up = await health.GET();
    expect(up.status).toBe(200);
    expect(up.headers.get("cache-control")).toBe("no-store");
    expect(await up.json()).toMatchObject({ status: "ok", database: { ok: true, latencyMs: expect.any(Number) }, publicCache: { maxBytes: 32 * 1024 * 1024 } });
  });

  it("/api/health counts the limiter's fail-open decisions", async () => {
    const before = (await (await health.GET()).json()).rateLimiter.failOpenCount;
    const limiter = createRateLimiter(
      { prefix: "health-test", limit: 5, windowMs: 60_000 },
      { UPSTASH_REDIS_REST_URL: "http://127.0.0.1:9", UPSTASH_REDIS_REST_TOKEN: "t", RATE_LIMIT_TIMEOUT_MS: "200" },
    );
    for (let i = 0; i < 2; i++) expect((await limiter.limit("k")).success).toBe(true);
    const after = (await (await health.GET()).json()).rateLimiter;
    expect(after.failOpenCount).toBe(before + 2);
    expect(after.lastFailOpenAt).toEqual(expect.any(String));
  });
});

describe("statement timeout", () => {
  it("a statement blocked by another session's lock is cancelled at DATABASE_STATEMENT_TIMEOUT_MS and answers 503, not a hung request", async () => {
    const target = resolveDatabaseTarget();
    if (target.kind !== "postgres") return;
    const pool = createPool(target.url, { DATABASE_STATEMENT_TIMEOUT_MS: "300" });
    const client = createPrismaClient(target, pool);
    const locker = new pg.Client({ connectionString: target.url });
    await locker.connect();
    try {
      // Connect and load the client first, so that what is timed is the blocked statement alone:
      // on a loaded machine the first connection by itself can take seconds.
      await client.workspace.count();
      await locker.query('BEGIN; LOCK TABLE "Board" IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      const error = await client.board.findMany().then(() => null, (caught: unknown) => caught);
      // Cancelled at 300 ms; the bound leaves room for a busy machine and stays below the 10 s default.
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(error).not.toBeNull();
      const apiError = toApiError(error, "req_test");
      expect(apiError.status).toBe(503);
      expect(apiError.code).toBe("SERVICE_UNAVAILABLE");
    } finally {
      await locker.query("ROLLBACK").catch(() => {});
      await locker.end();
      await client.$disconnect();
      await pool.end();
    }
  });
});
