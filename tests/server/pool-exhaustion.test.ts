import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import { encode, type JWT } from "next-auth/jwt";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authOptions } from "@/lib/surfaces/auth/options";
import { db } from "@/lib/platform/db/client";
import { freePort } from "@/scripts/lib/free-port.mjs";
import { seedPortal, type Portal } from "../public/fixtures";
import { createTestUser } from "../support/api";
import { startProductionServer } from "../support/production-server";

// The database is up but the pool has no connection to give: under the benchmark's mixed load
// about 50 of 3,040 rendered pages answered 500 after waiting DATABASE_CONNECT_TIMEOUT_MS for a
// pooled connection, where the API answered 503 with Retry-After. The proxy's probe (a connection
// of its own) saw a healthy database, so its outage page did not apply.
//
// Reproduced here in seconds: the production server with a pool of one connection and a 1 s
// wait for it; another session holds an exclusive lock on the workspaces table, so the first page
// request takes the one connection and blocks on the lock, and every page requested meanwhile waits
// for a connection in vain. Needs `npm run build` first, and is
// skipped without one.
const PORT = await freePort();
const BASE = `http://127.0.0.1:${PORT}`;
const built = fs.existsSync(".next/BUILD_ID");
const STATEMENT_TIMEOUT_MS = 8_000;
const CONNECT_TIMEOUT_MS = 1_000;

let server: ChildProcess;
let portal: Portal;
let ownerCookie: string;
let visitorCookie: string;
const logLines: string[] = [];

async function sessionCookie(user: { id: string }): Promise<string> {
  const token = (await authOptions().callbacks!.jwt!({ token: { sub: user.id }, user, account: { provider: "credentials" } } as never)) as JWT;
  return `next-auth.session-token=${await encode({ token, secret: process.env.NEXTAUTH_SECRET! })}`;
}

beforeAll(async () => {
  if (!built) return;
  portal = await seedPortal();
  const owner = await db.user.update({ where: { id: portal.tenant.owner.id }, data: { emailVerifiedAt: new Date() } });
  ownerCookie = await sessionCookie(owner);
  visitorCookie = await sessionCookie(await createTestUser("pool-visitor"));
  server = await startProductionServer(
    PORT,
    {
      NEXTAUTH_URL: BASE,
      DATABASE_POOL_SIZE: "1",
      DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
      DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      JOBS_IN_PROCESS: "false",
    },
    90_000,
    logLines,
  );
});
afterAll(() => {
  server?.kill("SIGTERM");
});

/** Another session's exclusive lock on the workspaces table: every statement that reads it waits. */
async function lockWorkspaces(): Promise<pg.Client> {
  const locker = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await locker.connect();
  await locker.query("BEGIN");
  await locker.query('LOCK TABLE "Workspace" IN ACCESS EXCLUSIVE MODE');
  return locker;
}

/** Resolves once a session of this database is waiting on a lock: the server's one connection is taken. */
async function someoneWaitsOnTheLock(locker: pg.Client): Promise<void> {
  await expect
    .poll(async () => (await locker.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")).rows[0].n, { timeout: 10_000, interval: 50 })
    .toBeGreaterThan(0);
}

function expectUnavailablePage(answer: Response, body: string, label: string) {
  expect([label, answer.status]).toEqual([label, 503]);
  expect(answer.headers.get("retry-after"), label).toBe("10");
  expect(answer.headers.get("content-type"), label).toBe("text/html; charset=utf-8");
  // Never kept by a cache; a signed-in visitor's answer is also marked private.
  expect(answer.headers.get("cache-control"), label).toMatch(/^(private, )?no-store$/);
  expect(answer.headers.get("x-content-type-options"), label).toBe("nosniff");
  expect(answer.headers.get("strict-transport-security"), label).toMatch(/max-age=/);
  const nonce = /'nonce-([^']+)'/.exec(answer.headers.get("content-security-policy") ?? "")?.[1];
  expect(nonce, label).toBeTruthy();
  expect(body, label).toContain("<h1>Temporarily unavailable</h1>");
  // The database answers: only the pool is busy, and the page does not claim an outage.
  expect(body, label).toContain("too busy or out of reach");
  expect(body, label).not.toContain("cannot reach our database");
  expect(body, label).toContain(`<style nonce="${nonce}">`);
  expect(body, label).toContain(`Reference: ${answer.headers.get("x-request-id")}`);
}

describe.skipIf(!built)("a busy pool meets rendered pages (server.ts)", () => {
  it("pages that get no pooled connection in time answer the 503 page with Retry-After and the security headers, never 500", async () => {
    const dashboard = `${BASE}/w/${portal.slug}`;
    const portalPage = `${BASE}/p/${portal.slug}/roadmap`;
    const portalPost = `${BASE}/p/${portal.slug}/posts/${portal.post.id}`;
    // Rendered before, so the pages' code is loaded and the timings below are the database's (on a
    // busy machine a cold first render can itself outwait the one connection: it is asked again).
    const status = async (url: string, cookie?: string) => (await fetch(url, { headers: cookie ? { cookie } : {} })).status;
    await expect.poll(() => status(dashboard, ownerCookie), { timeout: 30_000 }).toBe(200);
    await expect.poll(() => status(portalPage, visitorCookie), { timeout: 30_000 }).toBe(200);
    await expect.poll(() => status(portalPost), { timeout: 30_000 }).toBe(200);

    const locker = await lockWorkspaces();
    try {
      // Takes the pool's only connection and waits on the lock (until its statement is cancelled, or
      // the page's other statements give up waiting for a second connection).
      // (A query string the page cache has not seen: a cached page would need no connection.)
      const holding = fetch(`${portalPost}?hold=1`, { headers: { cookie: visitorCookie } });
      await someoneWaitsOnTheLock(locker);
      const started = Date.now();
      for (const [label, url, cookie] of [
        ["dashboard, signed in", dashboard, ownerCookie],
        ["portal page, signed in", `${portalPage}?signed-in=1`, visitorCookie],
        ["portal page, signed out", `${portalPage}?fresh=1`, undefined],
      ] as const) {
        const answer = await fetch(url, { headers: cookie ? { cookie } : {} });
        expectUnavailablePage(answer, await answer.text(), label);
      }
      // Each waited about the pool's 1 s, not for the lock.
      expect(Date.now() - started).toBeLessThan(STATEMENT_TIMEOUT_MS);
      const held = await holding;
      expectUnavailablePage(held, await held.text(), "the page holding the connection");
    } finally {
      await locker.query("ROLLBACK");
      await locker.end();
    }
    expect(logLines.some((line) => line.includes("database unavailable: page answered 503"))).toBe(true);

    // The pool is free again: the same pages render.
    await expect.poll(() => status(dashboard, ownerCookie), { timeout: 30_000 }).toBe(200);
    await expect.poll(() => status(portalPage, visitorCookie), { timeout: 30_000 }).toBe(200);
  }, 120_000);
});
