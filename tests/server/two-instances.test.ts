import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@/scripts/lib/free-port.mjs";
import { db } from "@/lib/platform/db/client";
import { seedPortal, type Portal } from "../public/fixtures";
import { startProductionServer } from "../support/production-server";

// Two instances of the production server (server.ts, as `npm start` runs it) on one PostgreSQL,
// each with its own in-process page and answer cache: a change made through A shows on B within
// 2 seconds, because the database tells every instance what changed (public-cache-listener.ts).
// Needs `npm run build`; skipped without one.
const built = fs.existsSync(".next/BUILD_ID");
// Free ports of their own, so another run on this machine never answers this file's requests.
const A = await freePort();
const B = await freePort();
const servers: ChildProcess[] = [];
let portal: Portal;
let key: string;

async function start(port: number): Promise<void> {
  servers.push(await startProductionServer(port, { PUBLIC_RATE_LIMIT_PER_MINUTE: "100000" }));
}

const on = (port: number, path: string, init: RequestInit = {}) => fetch(`http://127.0.0.1:${port}${path}`, { redirect: "manual", ...init });

/** Reads `path` on B until `ok`; the time it took from the change. */
async function seenOnB(path: string, ok: (status: number, body: string) => boolean, since: number): Promise<number> {
  for (;;) {
    const response = await on(B, path);
    const body = await response.text();
    if (ok(response.status, body)) return Date.now() - since;
    if (Date.now() - since > 5000) throw new Error(`${path} on B still ${response.status} after 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** B has the page (and answer) in its cache: its second read is a hit. */
async function warm(path: string): Promise<void> {
  // A notice still arriving from an earlier change (its jobs write too) may drop the first copy.
  for (let tries = 0; tries < 20; tries++) {
    const response = await on(B, path);
    await response.text();
    if (response.headers.get("x-cache") === "HIT") return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${path} never answered from B's cache`);
}

describe.skipIf(!built || !process.env.DATABASE_URL)("two instances on one database", () => {
  beforeAll(async () => {
    portal = await seedPortal();
    key = await portal.tenant.key();
    await Promise.all([start(A), start(B)]);
  });
  afterAll(() => {
    for (const server of servers) server.kill("SIGTERM");
  });

  it("a post's new title, saved through A, is on B's cached page and JSON within 2 s", async () => {
    const page = `/p/${portal.slug}/posts/${portal.post.id}`;
    const json = `/api/public/${portal.slug}/posts/${portal.post.id}`;
    await warm(page);
    await warm(json);
    const saved = await on(A, `/api/v1/posts/${portal.post.id}`, {
      method: "PATCH",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify({ title: "Renamed on instance A" }),
    });
    expect(saved.status).toBe(200);
    // From A's answer: the change is committed then (the request itself may be slow on a busy machine).
    const since = Date.now();
    expect(await seenOnB(page, (status, body) => status === 200 && body.includes("Renamed on instance A"), since)).toBeLessThanOrEqual(2000);
    expect(await seenOnB(json, (status, body) => status === 200 && body.includes("Renamed on instance A"), since)).toBeLessThanOrEqual(2000);
  });

  it("an incident opened through A is on B's cached status page within 2 s", async () => {
    const page = `/p/${portal.slug}/status`;
    await warm(page);
    const opened = await on(A, "/api/v1/status/incidents", {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify({ title: "Checkout is failing", message: "Looking into it.", impact: "major" }),
    });
    expect(opened.status).toBe(201);
    const since = Date.now();
    expect(await seenOnB(page, (status, body) => status === 200 && body.includes("Checkout is failing"), since)).toBeLessThanOrEqual(2000);
  });

  it("a renamed slug: the old address stops answering on B within 2 s, the new one answers", async () => {
    const other = await seedPortal();
    const page = `/p/${other.slug}/roadmap`;
    const json = `/api/public/${other.slug}/status`;
    await new Promise((resolve) => setTimeout(resolve, 500));
    await warm(page);
    await warm(json);
    const since = Date.now();
    // Renaming is a settings form (a server action on whichever instance served it): the row changes.
    await db.workspace.update({ where: { id: other.workspaceId }, data: { slug: `${other.slug}-new` } });
    expect(await seenOnB(page, (status) => status === 404, since)).toBeLessThanOrEqual(2000);
    expect(await seenOnB(json, (status) => status === 404, since)).toBeLessThanOrEqual(2000);
    expect((await on(B, `/p/${other.slug}-new/roadmap`)).status).toBe(200);
  });

  it("an unpublished portal answers 404 on B within 2 s, pages and JSON", async () => {
    const page = `/p/${portal.slug}/changelog`;
    const json = `/api/public/${portal.slug}/changelog`;
    await warm(page);
    await warm(json);
    const since = Date.now();
    await db.workspace.update({ where: { id: portal.workspaceId }, data: { portalPublished: false } });
    expect(await seenOnB(page, (status) => status === 404, since)).toBeLessThanOrEqual(2000);
    expect(await seenOnB(json, (status) => status === 404, since)).toBeLessThanOrEqual(2000);
  });
});
