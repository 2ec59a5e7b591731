import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import { encode, type JWT } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authOptions } from "@/lib/surfaces/auth/options";
import { db } from "@/lib/platform/db/client";
import { freePort } from "@/scripts/lib/free-port.mjs";
import { seedPortal, type Portal } from "../public/fixtures";
import { createTestUser } from "../support/api";
import { startCuttableDatabase, type CuttableDatabase } from "../support/cuttable-database";
import { startProductionServer } from "../support/production-server";

// The attack: stop PostgreSQL while a signed-in visitor is on a portal post, then vote and
// comment. The actions answered "Sign in to comment" (the failed session check read as signed
// out), and pages answered 500 for a moment before the 503 page. Here the production server
// reaches its database through a relay that drops and refuses connections as a stopped server
// does; the portal's own server actions are called over HTTP as the page's buttons call them.
// Needs `npm run build` first, and is skipped without one.
const PORT = await freePort();
const BASE = `http://127.0.0.1:${PORT}`;
const built = fs.existsSync(".next/BUILD_ID");

let server: ChildProcess;
let database: CuttableDatabase;
let portal: Portal;
let visitorCookie: string;

/** The id the build gave a portal server action (lib/surfaces/actions/portal/feedback.ts). */
function actionId(name: string): string {
  const manifest = JSON.parse(fs.readFileSync(".next/server/server-reference-manifest.json", "utf8")) as {
    node: Record<string, { filename?: string; exportedName?: string }>;
  };
  const found = Object.entries(manifest.node).find(([, entry]) => entry.filename === "lib/surfaces/actions/portal/feedback.ts" && entry.exportedName === name);
  if (!found) throw new Error(`no server action ${name} in the build`);
  return found[0];
}

beforeAll(async () => {
  if (!built) return;
  portal = await seedPortal();
  const visitor = await createTestUser("outage-visitor");
  const token = (await authOptions().callbacks!.jwt!({ token: { sub: visitor.id }, user: visitor, account: { provider: "credentials" } } as never)) as JWT;
  visitorCookie = `next-auth.session-token=${await encode({ token, secret: process.env.NEXTAUTH_SECRET! })}`;
  database = await startCuttableDatabase(process.env.DATABASE_URL!);
  server = await startProductionServer(PORT, { NEXTAUTH_URL: BASE, DATABASE_URL: database.url, MAIL_TRANSPORT: "none" }, 90_000);
});
afterAll(async () => {
  server?.kill("SIGTERM");
  await database?.close();
});

/** A server action called as the page's button does it, signed in as the visitor. */
async function callAction(name: string, args: unknown[]): Promise<{ status: number; body: string }> {
  const page = `/p/${portal.slug}/posts/${portal.post.id}`;
  const answer = await fetch(`${BASE}${page}`, {
    method: "POST",
    headers: { "next-action": actionId(name), accept: "text/x-component", "content-type": "text/plain;charset=UTF-8", origin: BASE, cookie: visitorCookie },
    body: JSON.stringify(args),
  });
  return { status: answer.status, body: await answer.text() };
}

describe.skipIf(!built)("a database outage meets a signed-in portal visitor (server.ts)", () => {
  it("vote and comment say 'briefly unavailable', never 'sign in'; the first page request is a 503; nothing is written", async () => {
    const page = `${BASE}/p/${portal.slug}/posts/${portal.post.id}`;
    expect((await fetch(page, { headers: { cookie: visitorCookie } })).status).toBe(200);
    const before = await db.post.findUniqueOrThrow({ where: { id: portal.post.id }, select: { voteCount: true, commentCount: true } });

    await database.cut();
    // The very first page render after the stop: the styled 503, not a 500. (A page not rendered
    // before: the post's page is the render every visitor shares, which the page cache may still
    // hold and answer during the outage.)
    const during = await fetch(`${BASE}/p/${portal.slug}/roadmap`, { headers: { cookie: visitorCookie } });
    expect(during.status).toBe(503);
    expect(during.headers.get("retry-after")).toBe("10");
    expect(await during.text()).toContain("Temporarily unavailable");

    const vote = await callAction("voteAction", [portal.slug, portal.post.id, true]);
    expect(vote.status).toBeLessThan(500);
    expect(vote.body).toContain('"reason":"unavailable"');
    expect(vote.body).not.toContain("signed_out");

    const comment = await callAction("commentAction", [portal.slug, portal.post.id, "Written during the outage"]);
    expect(comment.status).toBeLessThan(500);
    expect(comment.body).toContain("The service is briefly unavailable, try again in a moment.");
    expect(comment.body).not.toMatch(/Sign in/i);

    await database.restore();
    await expect.poll(async () => (await fetch(page, { headers: { cookie: visitorCookie } })).status, { timeout: 15_000 }).toBe(200);
    expect(await db.post.findUniqueOrThrow({ where: { id: portal.post.id }, select: { voteCount: true, commentCount: true } })).toEqual(before);
    expect(await db.comment.count({ where: { body: "Written during the outage" } })).toBe(0);
    expect(await db.vote.count({ where: { postId: portal.post.id } })).toBe(before.voteCount);

    // Once the database is back, the same session votes: the answers above were the outage's.
    const after = await callAction("voteAction", [portal.slug, portal.post.id, true]);
    expect(after.body).toContain('"ok":true');
  }, 180_000);
});
