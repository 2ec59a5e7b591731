import { describe, expect, it } from "vitest";
import { PORTAL_CACHE_CONTROL, portalCacheHeaders, SESSION_COOKIES } from "@/lib/platform/cache/portal-cache-headers.mjs";

type Rule = ReturnType<typeof portalCacheHeaders>[number];

// Next.js applies every matching rule in order, a later value replacing an earlier one. This is
// that resolution for the rules' own path patterns, enough to check what a visitor is sent.
function matches(rule: Rule, path: string, cookies: string[]): boolean {
  const pattern = new RegExp(`^${rule.source.replace(":path*", ".*").replace(":path+", ".+").replace(":workspace", "[^/]+").replace(/:locale(\([^)]*\))/, "$1")}$`);
  const has = rule.has ?? [];
  return pattern.test(path) && has.every((condition) => cookies.includes(condition.key));
}

function headersFor(path: string, cookies: string[] = []) {
  const headers: Record<string, string> = {};
  for (const rule of portalCacheHeaders()) {
    if (matches(rule, path, cookies)) for (const { key, value } of rule.headers) headers[key] = value;
  }
  return headers;
}

describe("portal pages' Cache-Control", () => {
  it("signed out: shared caches keep the status page for seconds, the other pages for a minute; browsers revalidate", () => {
    expect(headersFor("/p/acme/status")).toEqual({ "Cache-Control": "public, max-age=0, s-maxage=5, stale-while-revalidate=5" });
    // In another language (its own address) too.
    expect(headersFor("/p/acme/de/status")).toEqual({ "Cache-Control": PORTAL_CACHE_CONTROL.status });
    expect(headersFor("/p/acme/boards/status")).toEqual({ "Cache-Control": PORTAL_CACHE_CONTROL.page });
    for (const path of ["/p/acme", "/p/acme/roadmap", "/p/acme/boards/ideas", "/p/acme/posts/abc"]) {
      expect(headersFor(path)).toEqual({ "Cache-Control": PORTAL_CACHE_CONTROL.page });
    }
  });

  it("signed in (either session cookie): private and never stored, on every portal page", () => {
    for (const cookie of SESSION_COOKIES) {
      for (const path of ["/p/acme", "/p/acme/status", "/p/acme/boards/ideas"]) {
        expect(headersFor(path, [cookie])["Cache-Control"]).toBe("private, no-store");
      }
    }
  });

  it("a visitor's own pages (subscription confirm and manage, account) are never stored, in any language", () => {
    for (const path of ["/p/acme/subscriptions/manage", "/p/acme/subscriptions/confirm", "/p/acme/de/subscriptions/manage", "/p/acme/account", "/p/acme/ar/account"]) {
      expect(headersFor(path)).toEqual({ "Cache-Control": "private, no-store" });
    }
  });

  it("nothing outside the portal", () => {
    expect(headersFor("/w/acme/posts")).toEqual({});
    expect(headersFor("/pricing")).toEqual({});
  });
});
