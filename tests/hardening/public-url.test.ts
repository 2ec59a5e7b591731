import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as confirmRoute from "@/app/confirm-email/route";
import * as verifyRoute from "@/app/verify-email/route";
import * as feed from "@/app/api/public/[workspace]/changelog/feed.xml/route";
import * as statusSummary from "@/app/api/public/[workspace]/status/summary.json/route";
import { db } from "@/lib/platform/db/client";
import { issueUserToken } from "@/lib/platform/tokens/email-token";
import { createTestUser } from "../support/api";
import { seedPortal } from "../public/fixtures";
import { randomIp } from "../public/request";
import { sessionCookieFor } from "../support/session-cookie";

// The attack: the app behind a reverse proxy (or a client writing its own Host) hands out absolute
// URLs naming whatever host the request named. Verification links once answered
// `Location: http://localhost:3000/…` behind any proxy (`https://localhost` with X-Forwarded-Proto),
// so every real deployment's sign-up link broke. Every absolute URL comes from the configured
// public URL instead.

const PUBLIC_URL = "https://feedback.example.com";
const savedPublicUrl = process.env.NEXTAUTH_URL;
beforeEach(() => {
  process.env.NEXTAUTH_URL = PUBLIC_URL;
});
afterEach(() => {
  if (savedPublicUrl === undefined) delete process.env.NEXTAUTH_URL;
  else process.env.NEXTAUTH_URL = savedPublicUrl;
});

/** A request as the proxy forwards it: to the address the server listens on, with the proxy's headers. */
function proxied(path: string, headers: Record<string, string> = {}) {
  return new Request(`http://localhost:3000${path}`, {
    headers: { host: "localhost:3000", "x-forwarded-proto": "https", "x-forwarded-host": "evil.example", "x-forwarded-for": randomIp(), ...headers },
  });
}

describe("redirects name the configured public URL, whatever Host the request carried", () => {
  it("/verify-email with a valid link: 303 to the public URL's workspace list, and the address is verified", async () => {
    const user = await createTestUser("proxied-verify");
    const { raw } = await issueUserToken("VERIFY_EMAIL", user);
    const response = await verifyRoute.GET(proxied(`/verify-email?token=${raw}`, { cookie: await sessionCookieFor(user) }));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${PUBLIC_URL}/workspaces?email=verified`);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerifiedAt).not.toBeNull();
  });

  it.each([
    ["the server's own address", {}],
    ["another Host", { host: "evil.example" }],
    ["another Host on plain http", { host: "evil.example:8080", "x-forwarded-proto": "http" }],
  ])("/verify-email and /confirm-email behind %s: Location on the public URL", async (_, headers: Record<string, string>) => {
    const verify = await verifyRoute.GET(proxied("/verify-email?token=not-a-token", headers));
    expect(verify.status).toBe(303);
    expect(verify.headers.get("location")).toBe(`${PUBLIC_URL}/workspaces?email=invalid`);

    const confirm = await confirmRoute.GET(proxied("/confirm-email?token=not-a-token", headers));
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get("location")).toBe(`${PUBLIC_URL}/account?email=invalid`);
  });

  it("a request that names evil.example in its very URL still gets the public URL", async () => {
    const request = new Request("https://evil.example/confirm-email?token=x", { headers: { host: "evil.example" } });
    const response = await confirmRoute.GET(request);
    expect(response.headers.get("location")).toBe(`${PUBLIC_URL}/account?email=invalid`);
  });

  it("a public URL with a trailing slash or a path gives the same origin", async () => {
    process.env.NEXTAUTH_URL = `${PUBLIC_URL}/`;
    expect((await verifyRoute.GET(proxied("/verify-email"))).headers.get("location")).toBe(`${PUBLIC_URL}/workspaces?email=invalid`);
  });
});

describe("absolute URLs in public answers come from the public URL", () => {
  it("the Atom feed and the status summary, requested through another Host", async () => {
    const portal = await seedPortal();
    const feedAnswer = await feed.GET(proxied(`/api/public/${portal.slug}/changelog/feed.xml`, { host: "evil.example" }), {
      params: Promise.resolve({ workspace: portal.slug }),
    });
    const xml = await feedAnswer.text();
    expect(feedAnswer.status).toBe(200);
    expect(xml).toContain(`<id>${PUBLIC_URL}/api/public/${portal.slug}/changelog/feed.xml</id>`);
    expect(xml).not.toMatch(/evil\.example|localhost/);

    const summary = await statusSummary.GET(proxied(`/api/public/${portal.slug}/status/summary.json`, { host: "evil.example" }), {
      params: Promise.resolve({ workspace: portal.slug }),
    });
    expect(summary.status).toBe(200);
    const body = await summary.json();
    expect(body.page.url).toBe(`${PUBLIC_URL}/p/${portal.slug}/status`);
    expect(JSON.stringify(body)).not.toMatch(/evil\.example|localhost/);
  });
});
