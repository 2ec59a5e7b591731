import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import type { NextConfig } from "next";
// @ts-expect-error -- next.config.mjs is plain JavaScript, without type declarations.
import rawConfig from "@/next.config.mjs";

const nextConfig = rawConfig as NextConfig;

// Security headers on every page kind: dashboard and auth pages carry them and cannot be framed.
// Each route kind, as the proxy answers it (e2e/hardening.spec.ts checks the production build).

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
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("permissions-policy")).toContain("camera=()");
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
    expect(headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("the API gets nosniff, Referrer-Policy and Permissions-Policy from next.config (the proxy skips /api/v1)", async () => {
    const rules = await nextConfig.headers!();
    const api = rules.find((rule) => rule.source === "/api/:path*");
    const names = api?.headers.map((header) => header.key);
    expect(names).toEqual(expect.arrayContaining(["X-Content-Type-Options", "Referrer-Policy", "Permissions-Policy"]));
  });
});
