import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { encode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@/scripts/lib/free-port.mjs";
import { db } from "@/lib/platform/db/client";
import { pageKeyOf } from "@/lib/surfaces/front-door/page-cache";
import { cacheKey } from "@/lib/platform/cache/namespaces";
import { clearPublicCache, MAX_LINE_CHARS, publicCacheStats, putCached } from "@/lib/platform/cache/response-cache";
import { seedPortal, type Portal } from "./fixtures";
import { startProductionServer } from "../support/production-server";

// Signed-out portal pages from the production server's page cache (lib/surfaces/front-door/page-cache.ts), over
// real HTTP on the production build (skipped without one: `npm run build`).
// A free port of its own, so another run on this machine never answers this file's requests.
const PORT = await freePort();
const BASE = `http://127.0.0.1:${PORT}`;
const built = fs.existsSync(".next/BUILD_ID");
const SECRET = process.env.NEXTAUTH_SECRET!;

let server: ChildProcess;
let portal: Portal;

async function startServer() {
  server = await startProductionServer(PORT, { NEXTAUTH_URL: BASE, PUBLIC_RATE_LIMIT_PER_MINUTE: "100000" }, 90_000);
}

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${BASE}${path}`, { headers, redirect: "manual" });
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

/** A signed-in visitor's session cookie, as next-auth would have set it after the sign-in form. */
async function sessionCookie(user: { id: string; email: string; name: string | null }): Promise<string> {
  const sessionId = randomBytes(24).toString("base64url");
  await db.authSession.create({ data: { id: sessionId, userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) } });
  const value = await encode({ token: { sub: user.id, sid: sessionId, email: user.email, name: user.name }, secret: SECRET, maxAge: 86_400 });
  return `next-auth.session-token=${value}`;
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 2000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!built || !process.env.DATABASE_URL)("signed-out portal page cache (production server)", () => {
  beforeAll(async () => {
    portal = await seedPortal();
    await startServer();
  });
  afterAll(() => {
    server?.kill("SIGTERM");
  });

  it("renders once, then answers from the cache with a shareable Cache-Control and the nonce the page was rendered with", async () => {
    const path = `/p/${portal.slug}/posts/${portal.post.id}`;
    const first = await get(path);
    expect(first.status).toBe(200);
    expect(first.headers.get("x-cache")).toBe("MISS");
    const firstBody = await first.text();
    const second = await get(path);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(second.headers.get("cache-control")).toMatch(/^public, max-age=0, s-maxage=\d+/);
    const body = await second.text();
    expect(body).toBe(firstBody);
    // The header and the page's scripts name the same nonce, or no script would run.
    const nonce = /'nonce-([^']+)'/.exec(second.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(body).toContain(`nonce="${nonce}"`);
    expect(second.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
    // Security headers on the cached answer as on every other.
    expect(second.headers.get("x-content-type-options")).toBe("nosniff");
    // A revalidation with the ETag gets a 304.
    const revalidated = await get(path, { "If-None-Match": second.headers.get("etag")! });
    expect(revalidated.status).toBe(304);
  });

  it("renders a page once for concurrent first visitors: the rest wait and get the cached copy", async () => {
    const path = `/p/${portal.slug}/roadmap`;
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(path)));
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(answers.filter((answer) => answer.headers.get("x-cache") === "MISS")).toHaveLength(1);
    expect(new Set(bodies).size).toBe(1);
  });

  it("HEAD answers from the cache with no body", async () => {
    const path = `/p/${portal.slug}/roadmap`;
    const head = await fetch(`${BASE}${path}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-cache")).toBe("HIT");
    expect(await head.text()).toBe("");
  });

  it("never keeps or serves a signed-in page: sign in, vote, then the signed-out page shows no vote and no name", async () => {
    const voter = await db.user.create({ data: { email: `voter-${randomBytes(4).toString("hex")}@example.com`, name: "Vera Voterson", emailVerifiedAt: new Date() } });
    const cookie = await sessionCookie(voter);
    await db.vote.create({ data: { workspaceId: portal.workspaceId, postId: portal.post.id, userId: voter.id } });
    await db.post.update({ where: { id: portal.post.id }, data: { voteCount: { increment: 1 } } });
    await settle();
    const path = `/p/${portal.slug}/boards/${portal.board.slug}`;
    for (let i = 0; i < 2; i++) {
      const signedIn = await get(path, { Cookie: cookie });
      expect(signedIn.status).toBe(200);
      expect(signedIn.headers.get("x-cache")).toBeNull();
      expect(signedIn.headers.get("cache-control")).toContain("private");
      const html = await signedIn.text();
      expect(html).toContain('aria-label="Remove your upvote');
    }
    for (let i = 0; i < 2; i++) {
      const signedOut = await get(path);
      expect(signedOut.headers.get("x-cache")).toBe(i === 0 ? "MISS" : "HIT");
      const html = await signedOut.text();
      expect(html).not.toContain('aria-label="Remove your upvote');
      expect(html).not.toContain("Vera Voterson");
      expect(html).toContain('aria-label="Sign in to upvote');
    }
  });

  // The server is started with --hostname: language pages once rendered in the default language then.
  it("keys by the language served: a German page never answers a French address, and a first visit meant for another language is redirected, not served", async () => {
    await db.workspace.update({ where: { id: portal.workspaceId }, data: { portalLocales: ["en", "de", "fr"] } });
    await settle();
    const german = await get(`/p/${portal.slug}/de/status`);
    const germanHtml = await german.text();
    expect(germanHtml).toMatch(/<div lang="de"[^>]*data-testid="portal-root"/);
    // The document itself says it too, for browsers and search engines.
    expect(germanHtml).toMatch(/<html lang="de" dir="ltr"/);
    expect((await get(`/p/${portal.slug}/de/status`)).headers.get("x-cache")).toBe("HIT");
    const french = await get(`/p/${portal.slug}/fr/status`);
    expect(french.headers.get("x-cache")).toBe("MISS");
    const frenchHtml = await french.text();
    expect(frenchHtml).toMatch(/<div lang="fr"[^>]*data-testid="portal-root"/);
    expect(frenchHtml).toMatch(/<html lang="fr" dir="ltr"/);

    const english = await get(`/p/${portal.slug}/status`);
    expect(await english.text()).toMatch(/<div lang="en"[^>]*data-testid="portal-root"/);
    expect((await get(`/p/${portal.slug}/status`)).headers.get("x-cache")).toBe("HIT");
    // The same address for a German browser, or a visitor who chose French: sent to their language.
    const byBrowser = await get(`/p/${portal.slug}/status`, { "Accept-Language": "de-DE,de;q=0.9" });
    expect(byBrowser.status).toBe(307);
    expect(byBrowser.headers.get("location")).toContain(`/p/${portal.slug}/de/status`);
    const byCookie = await get(`/p/${portal.slug}/status`, { Cookie: "portal-locale=fr" });
    expect(byCookie.status).toBe(307);
    expect(byCookie.headers.get("location")).toContain(`/p/${portal.slug}/fr/status`);
  });

  it("a change shows at once: the cached page is dropped by the database's notice", async () => {
    const path = `/p/${portal.slug}/posts/${portal.post.id}`;
    await get(path);
    expect((await get(path)).headers.get("x-cache")).toBe("HIT");
    await db.post.update({ where: { id: portal.post.id }, data: { title: "Dark mode, finally" } });
    await until(() => get(path).then((response) => response.text()), (html) => html.includes("Dark mode, finally"));
  });

  it("never keeps a page past a scheduled note going live", async () => {
    const path = `/p/${portal.slug}/changelog`;
    await db.releaseNote.create({ data: { workspaceId: portal.workspaceId, title: "Launch day", body: "Here.", status: "published", publishedAt: new Date(Date.now() + 3000) } });
    await settle();
    const before = await get(path);
    expect(await before.text()).not.toContain("Launch day");
    const hit = await get(path);
    expect(hit.headers.get("x-cache")).toBe("HIT");
    // A shared cache in front is told no more than the time left.
    expect(Number(/s-maxage=(\d+)/.exec(hit.headers.get("cache-control") ?? "")?.[1])).toBeLessThanOrEqual(3);
    await new Promise((resolve) => setTimeout(resolve, 3200));
    const after = await get(path);
    expect(await after.text()).toContain("Launch day");
  });
});

describe("page cache keys and the byte budget", () => {
  it("does not key signed-in, data, or overlong requests", async () => {
    const base = { method: "GET", headers: {} };
    expect(await pageKeyOf({ ...base, url: "/p/acme/status", headers: { cookie: "next-auth.session-token=x" } })).toBeNull();
    expect(await pageKeyOf({ ...base, url: "/p/acme/status", headers: { cookie: "__Secure-next-auth.session-token.0=x" } })).toBeNull();
    expect(await pageKeyOf({ ...base, url: "/p/acme/status", headers: { rsc: "1" } })).toBeNull();
    expect(await pageKeyOf({ ...base, url: `/p/acme/status?q=${"x".repeat(MAX_LINE_CHARS)}` })).toBeNull();
    expect(await pageKeyOf({ method: "POST", url: "/p/acme/status", headers: {} })).toBeNull();
    expect(await pageKeyOf({ ...base, url: "/p/acme/settings/whatever" })).toBeNull();
  });

  it("10,000 unique long keys cannot grow the cache past its budget: keys are counted", () => {
    clearPublicCache();
    const { maxBytes } = publicCacheStats();
    const now = Date.now();
    for (let i = 0; i < 10_000; i++) {
      const key = cacheKey("portal-page", "acme", { url: `/p/acme/status?x=${i}&${"y".repeat(1900)}` });
      putCached(key, { status: 200, body: "<html></html>", contentType: "text/html", etag: 'W/"e"', headers: {}, expiresAt: now + 60_000, validUntil: null }, now);
    }
    const stats = publicCacheStats();
    expect(stats.bytes).toBeLessThanOrEqual(maxBytes);
    // Each entry weighs its key: ~4 KB, so far fewer than 10,000 fit in 32 MiB.
    expect(stats.entries).toBeLessThan(10_000);
    expect(stats.bytes / stats.entries).toBeGreaterThan(3800);
  });
});

describe("a render that overlaps an invalidation is not kept", () => {
  it("only the invalidated workspace's renders are refused, and clearing everything refuses all", async () => {
    const { renderStarted, invalidatedSince, invalidateWorkspace, clearPublicCache: clearAll } = await import("@/lib/platform/cache/response-cache");
    const mark = renderStarted();
    expect(invalidatedSince("acme", mark)).toBe(false);
    invalidateWorkspace("other");
    expect(invalidatedSince("acme", mark)).toBe(false);
    expect(invalidatedSince("other", mark)).toBe(true);
    invalidateWorkspace("acme");
    expect(invalidatedSince("acme", mark)).toBe(true);
    const later = renderStarted();
    expect(invalidatedSince("acme", later)).toBe(false);
    clearAll();
    expect(invalidatedSince("acme", later)).toBe(true);
    expect(invalidatedSince("never-seen", later)).toBe(true);
  });
});
