import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { encode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@/scripts/lib/free-port.mjs";
import { db } from "@/lib/platform/db/client";
import { pageKeyOf, withoutSessionCookies } from "@/lib/surfaces/front-door/page-cache";
import { cacheKey } from "@/lib/platform/cache/namespaces";
import { clearPublicCache, MAX_LINE_CHARS, publicCacheStats, putCached } from "@/lib/platform/cache/response-cache";
import { seedPortal, type Portal } from "./fixtures";
import { startProductionServer } from "../support/production-server";
import { until } from "../support/until";

// Portal pages from the production server's page cache (lib/surfaces/front-door/page-cache.ts), over
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


describe.skipIf(!built || !process.env.DATABASE_URL)("portal page cache (production server)", () => {
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

  it("one page for every visitor: two visitors whose names and votes differ get the same bytes, cached or not, and each their own state from /viewer", async () => {
    const vera = await db.user.create({ data: { email: `vera-${randomBytes(4).toString("hex")}@example.com`, name: "Vera Voterson", emailVerifiedAt: new Date() } });
    const bob = await db.user.create({ data: { email: `bob-${randomBytes(4).toString("hex")}@example.com`, name: "Bob Browser", emailVerifiedAt: new Date() } });
    const [veraCookie, bobCookie] = await Promise.all([sessionCookie(vera), sessionCookie(bob)]);
    await db.vote.create({ data: { workspaceId: portal.workspaceId, postId: portal.post.id, userId: vera.id } });
    await db.post.update({ where: { id: portal.post.id }, data: { voteCount: { increment: 1 } } });
    await settle();

    // Not cached yet: the first visitor's visit renders, and what is rendered is nobody's page.
    // Each order once: a signed-in visitor first, then the other, then a signed-out one.
    const pages = [`/p/${portal.slug}/boards/${portal.board.slug}`, `/p/${portal.slug}/posts/${portal.post.id}`];
    for (const [index, path] of pages.entries()) {
      const [first, second] = index === 0 ? [veraCookie, bobCookie] : [bobCookie, veraCookie];
      const rendered = await get(path, { Cookie: `${first}; theme=light` });
      expect(rendered.status).toBe(200);
      expect(rendered.headers.get("x-cache")).toBe("MISS");
      expect(rendered.headers.get("cache-control")).toBe("private, no-store");
      const html = await rendered.text();
      const cached = await get(path, { Cookie: `theme=light; ${second}` });
      expect(cached.headers.get("x-cache")).toBe("HIT");
      expect(cached.headers.get("cache-control")).toBe("private, no-store");
      const signedOut = await get(path, { Cookie: "theme=light" });
      expect(signedOut.headers.get("x-cache")).toBe("HIT");
      expect(signedOut.headers.get("cache-control")).toMatch(/^public/);
      for (const body of [html, await cached.text(), await signedOut.text()]) {
        expect(body).toBe(html);
        expect(body).not.toContain("Vera Voterson");
        expect(body).not.toContain("Bob Browser");
        expect(body).not.toContain('aria-pressed="true"');
        expect(body).not.toContain('data-testid="portal-user"');
      }
    }

    // Each visitor's own part, never stored by anyone.
    const viewer = (cookie?: string) => get(`/p/${portal.slug}/viewer?posts=${portal.post.id},${portal.privatePost.id}`, cookie ? { Cookie: cookie } : {});
    const veraState = await viewer(veraCookie);
    expect(veraState.status).toBe(200);
    expect(veraState.headers.get("cache-control")).toBe("private, no-store");
    // Counted against the client's per-IP budget of public reads, as the front door answers it.
    expect(veraState.headers.get("x-ratelimit-limit")).toBe("100000");
    expect(await veraState.json()).toEqual({ visitor: { name: "Vera Voterson", avatarUrl: null, sso: false, member: false }, voted: [portal.post.id] });
    expect(await (await viewer(bobCookie)).json()).toEqual({ visitor: { name: "Bob Browser", avatarUrl: null, sso: false, member: false }, voted: [] });
    expect(await (await viewer()).json()).toEqual({ visitor: null, voted: [] });
    // A member of the workspace is offered the way back to its dashboard.
    const owner = await db.user.findUniqueOrThrow({ where: { id: portal.tenant.owner.id } });
    expect((await (await viewer(await sessionCookie(owner))).json()).visitor).toMatchObject({ member: true });
  });

  it("a session that ends while its page is open reads as signed out, not as an error", async () => {
    const leaver = await db.user.create({ data: { email: `leaver-${randomBytes(4).toString("hex")}@example.com`, name: "Lee Leaver", emailVerifiedAt: new Date() } });
    const cookie = await sessionCookie(leaver);
    const ask = () => get(`/p/${portal.slug}/viewer?posts=${portal.post.id}`, { Cookie: cookie });
    expect((await (await ask()).json()).visitor).toMatchObject({ name: "Lee Leaver" });
    await db.authSession.deleteMany({ where: { userId: leaver.id } });
    const ended = await ask();
    expect(ended.status).toBe(200);
    expect(await ended.json()).toEqual({ visitor: null, voted: [] });
    // A cookie that is no session at all is the same: nobody.
    const garbage = await get(`/p/${portal.slug}/viewer`, { Cookie: "next-auth.session-token=not-a-token" });
    expect(garbage.status).toBe(200);
    expect(await garbage.json()).toEqual({ visitor: null, voted: [] });
    // And the page itself is the page.
    expect((await get(`/p/${portal.slug}/posts/${portal.post.id}`, { Cookie: cookie })).status).toBe(200);
  });

  it("tells the page's first script whether a session came along (the hint cookie), without changing the page or its caching", async () => {
    const user = await db.user.create({ data: { email: `hint-${randomBytes(4).toString("hex")}@example.com`, name: "Hugo Hint", emailVerifiedAt: new Date() } });
    const cookie = await sessionCookie(user);
    const path = `/p/${portal.slug}/roadmap`;
    const signedIn = await get(path, { Cookie: cookie });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("set-cookie")).toMatch(/^portal-signed-in=1; Max-Age=\d+; Path=\/p; SameSite=Lax$/);
    const html = await signedIn.text();
    // The page's first script reads it, under the page's nonce.
    const nonce = /'nonce-([^']+)'/.exec(signedIn.headers.get("content-security-policy") ?? "")?.[1];
    expect(html).toContain(`<script nonce="${nonce}">document.cookie.split("; ").indexOf("portal-signed-in=1")`);
    // Set once: a request that already carries it gets no Set-Cookie, and the page was kept despite it.
    const again = await get(path, { Cookie: `${cookie}; portal-signed-in=1` });
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(again.headers.get("set-cookie")).toBeNull();
    expect(await again.text()).toBe(html);
    // Signed out (no session cookie any more): cleared on the very next portal page, and the same bytes.
    const out = await get(path, { Cookie: "portal-signed-in=1" });
    expect(out.headers.get("set-cookie")).toMatch(/^portal-signed-in=; Max-Age=0; Path=\/p/);
    expect(out.headers.get("cache-control")).toMatch(/^public/);
    expect(await out.text()).toBe(html);
    expect((await get(path)).headers.get("set-cookie")).toBeNull();
  });

  it("the viewer endpoint refuses what it cannot answer, in the JSON envelope", async () => {
    const tooMany = Array.from({ length: 101 }, (_, i) => `p${i}`).join(",");
    const refused = await get(`/p/${portal.slug}/viewer?posts=${tooMany}`);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
    expect((await get(`/p/${portal.slug}/viewer?posts=a%00b`)).status).toBe(400);
    const unknown = await get(`/p/no-such-portal-${randomBytes(3).toString("hex")}/viewer`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ success: false, code: "NOT_FOUND" });
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
  it("keys a signed-in visit as the signed-out one; does not key data or overlong requests", async () => {
    const base = { method: "GET", headers: {} };
    const { slug } = await seedPortal();
    const signedOut = await pageKeyOf({ ...base, url: `/p/${slug}/status`, headers: { cookie: "theme=dark" } });
    expect(signedOut).not.toBeNull();
    expect(await pageKeyOf({ ...base, url: `/p/${slug}/status`, headers: { cookie: "next-auth.session-token=x; theme=dark" } })).toEqual(signedOut);
    expect(await pageKeyOf({ ...base, url: `/p/${slug}/status`, headers: { cookie: "theme=dark; __Secure-next-auth.session-token.0=x; portal-sso-session=y" } })).toEqual(signedOut);
    expect(withoutSessionCookies("next-auth.session-token=x; theme=dark; portal-sso-session=y; next-auth.session-token.1=z")).toBe("theme=dark");
    expect(withoutSessionCookies("portal-sso-session=y")).toBeUndefined();
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
