import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { baseSecurityHeaders } from "@/lib/platform/security/headers";

// Security headers on every page kind: dashboard and auth pages carry them and cannot be framed.
// The proxy adds each page's own (CSP with a fresh nonce, X-Frame-Options); the base ones
// (nosniff, Referrer-Policy, Permissions-Policy, HSTS) are the production server's, on every
// answer (tests/server/production-server.test.ts and e2e/hardening.spec.ts check them there).

async function pageHeaders(path: string) {
  const response = await proxy(new NextRequest(`http://localhost${path}`));
  expect(response.headers.get("x-middleware-next")).toBe("1");
  return response.headers;
}

describe("security headers", () => {
  it.each([
    ["dashboard", "/w/acme/settings/members"],
    ["dashboard", "/workspaces"],
    ["dashboard", "/account"],
    ["auth", "/sign-in"],
    ["auth", "/sign-up"],
    ["auth", "/invitations/abc"],
    ["auth", "/reset-password/abc"],
    ["docs", "/docs/api"],
    ["home", "/"],
  ])("%s page %s: a nonce CSP, cannot be framed, nosniff, Referrer-Policy, Permissions-Policy", async (_kind, path) => {
    const headers = await pageHeaders(path);
    const csp = headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(headers.get("x-frame-options")).toBe("DENY");
    // Next reads the nonce from the request's own CSP header to put it on the scripts it inlines.
    expect(headers.get("x-middleware-request-content-security-policy")).toBe(csp);
    expect(headers.get("x-middleware-request-x-nonce")).toBe(nonce);
  });

  it("a fresh nonce for every request", async () => {
    const [a, b] = await Promise.all([pageHeaders("/sign-in"), pageHeaders("/sign-in")]);
    expect(a.get("content-security-policy")).not.toBe(b.get("content-security-policy"));
  });

  it("portal pages may be embedded (a status page on another site) but carry the rest", async () => {
    const headers = await pageHeaders("/p/acme/status");
    expect(headers.get("content-security-policy")).not.toContain("frame-ancestors");
    expect(headers.get("x-frame-options")).toBeNull();
    expect(headers.get("content-security-policy")).toContain("script-src 'self' 'nonce-");
  });

  it("the base headers the server sets on every answer: nosniff, Referrer-Policy, Permissions-Policy, and HSTS in production", () => {
    const base = baseSecurityHeaders(true);
    expect(base["X-Content-Type-Options"]).toBe("nosniff");
    expect(base["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(base["Permissions-Policy"]).toContain("camera=()");
    expect(base["Strict-Transport-Security"]).toContain("max-age=");
    expect(baseSecurityHeaders(false)["Strict-Transport-Security"]).toBeUndefined();
  });
});
