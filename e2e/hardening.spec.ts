import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { ARTIFACTS } from "./dashboard-helpers";
import { publishedPortal } from "./public-fixtures";
import { freePort } from "../scripts/lib/free-port.mjs";

// Hardening on the production build: security headers on every kind of route, the dashboard cannot
// be framed (the portal can), and a database outage answers a styled 503 page.

/** Collects the browser's Content-Security-Policy complaints: a nonce Next failed to apply shows up here. */
function cspViolations(page: Page): string[] {
  const found: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) found.push(message.text());
  });
  return found;
}

test("every route kind carries its security headers, and pages run under the CSP", async ({ page }) => {
  const violations = cspViolations(page);
  const portal = await publishedPortal(page);
  const pages = {
    dashboard: `/w/${portal.slug}/settings/members`,
    auth: "/sign-in",
    portal: `/p/${portal.slug}`,
    docs: "/docs/api",
  };
  for (const [kind, path] of Object.entries(pages)) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    const headers = response.headers();
    expect(headers["content-security-policy"], kind).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(headers["x-content-type-options"], kind).toBe("nosniff");
    expect(headers["referrer-policy"], kind).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"], kind).toContain("camera=()");
    expect(headers["strict-transport-security"], kind).toContain("max-age=");
    if (kind === "portal") expect(headers["x-frame-options"], kind).toBeUndefined();
    else {
      expect(headers["content-security-policy"], kind).toContain("frame-ancestors 'none'");
      expect(headers["x-frame-options"], kind).toBe("DENY");
    }
  }
  for (const path of ["/api/v1/posts", `/api/public/${portal.slug}/status`, "/api/health"]) {
    const headers = (await page.request.get(path)).headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
  }

  // Row 6: a client-written X-Forwarded-For picks no bucket of its own (TRUSTED_PROXY_HOPS=0).
  const remaining = async (forwardedFor: string) =>
    Number((await page.request.get(`/api/public/${portal.slug}/status`, { headers: { "x-forwarded-for": forwardedFor } })).headers()["x-ratelimit-remaining"]);
  // Every request here comes from 127.0.0.1, so all three land in one bucket and the budget falls
  // (other workers share that bucket too: only the direction is certain, not the exact count).
  // Were the header trusted, each would open a fresh bucket and answer the full budget less one.
  const first = await remaining("203.0.113.1");
  await remaining("203.0.113.2");
  expect(await remaining("198.51.100.3, 203.0.113.4")).toBeLessThan(first);

  // Hydrated under the policy: client navigation works, and the browser refused nothing.
  await page.goto(pages.dashboard);
  await expect(page.getByRole("heading", { name: "Members" })).toBeVisible();
  await page.goto(pages.portal);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
});

test("the dashboard cannot be framed by another site; the portal can", async ({ page, baseURL }) => {
  const portal = await publishedPortal(page);
  // The other site is a real server on this machine (Chromium refuses a page that is not on the
  // local network framing a local one, whatever the headers say; fulfilled routes count as public).
  const framer = http.createServer((request, response) => {
    const target = new URL(request.url ?? "/", "http://127.0.0.1").searchParams.get("src") ?? "/";
    response.writeHead(200, { "content-type": "text/html" });
    response.end(`<!doctype html><title>framer</title><iframe name="victim" src="${baseURL}${target}" width="800" height="600"></iframe>`);
  });
  await new Promise<void>((resolve) => framer.listen(0, "127.0.0.1", resolve));
  const framerOrigin = `http://127.0.0.1:${(framer.address() as AddressInfo).port}`;
  const frame = async (path: string) => {
    await page.goto(`${framerOrigin}/?src=${encodeURIComponent(path)}`);
    // The frame's document once it has navigated (the blocked one ends on Chromium's error page).
    await expect.poll(() => page.frame({ name: "victim" })?.url() ?? "").not.toMatch(/^(|about:blank)$/);
    return page.frameLocator('iframe[name="victim"]');
  };
  try {
    const portalFrame = await frame(`/p/${portal.slug}`);
    await expect(portalFrame.getByRole("heading", { level: 1 })).toBeVisible();

    const members = await frame(`/w/${portal.slug}/settings/members`);
    expect(page.frame({ name: "victim" })?.url()).toMatch(/^chrome-error:/);
    await expect(members.getByRole("button", { name: /Remove/ })).toHaveCount(0);
  } finally {
    framer.close();
  }
});

test("with the database out of reach, dashboard and portal pages answer a styled 503 page and /api/health says so", async ({ page }) => {
  test.setTimeout(90_000);
  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, ["scripts/start.mjs", "--port", String(port)], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      NEXTAUTH_URL: `http://localhost:${port}`,
      NEXTAUTH_SECRET: "e2e-outage-secret-0123456789abcdef0123456789",
      API_KEY_SECRET: "e2e-outage-api-key-secret-0123456789abcdef01234",
      // Nothing listens on port 9: every connection is refused, as in an outage.
      DATABASE_URL: "postgresql://postgres@127.0.0.1:9/unreachable",
      SKIP_MIGRATIONS: "1",
      // This second server sends no mail; saying so is how production starts without SMTP.
      MAIL_TRANSPORT: "none",
    },
    stdio: "ignore",
  });
  try {
    const origin = `http://localhost:${port}`;
    await expect
      .poll(async () => (await page.request.get(`${origin}/api/health`).catch(() => null))?.status() ?? 0, { timeout: 60_000 })
      .toBe(503);
    expect(await (await page.request.get(`${origin}/api/health`)).json()).toMatchObject({ status: "unavailable", database: { ok: false } });

    for (const path of ["/w/acme", "/p/acme/status"]) {
      const response = await page.goto(`${origin}${path}`);
      expect(response?.status(), path).toBe(503);
      expect(response?.headers()["retry-after"]).toBe("10");
      await expect(page.getByRole("heading", { name: "Temporarily unavailable" })).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page, "503 page");
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: `${ARTIFACTS}/unavailable-desktop.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${ARTIFACTS}/unavailable-phone.png` });
  } finally {
    server.kill("SIGTERM");
  }
});
