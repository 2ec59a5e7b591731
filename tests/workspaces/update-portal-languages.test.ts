import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { portalLocaleOfPath, routePortalLocale } from "@/lib/surfaces/portal/portal-locale-route";
import { updatePortalLanguages } from "@/lib/domain/workspaces/update-portal-languages";
import { seedTenant } from "../support/api";
import { actorOf, expectApiError } from "../support/actors";

const visit = (pathname: string, extra: { acceptLanguage?: string; cookie?: string; method?: string; isDataRequest?: boolean } = {}) =>
  routePortalLocale({ pathname, search: "", method: extra.method ?? "GET", acceptLanguage: extra.acceptLanguage ?? null, cookie: extra.cookie, isDataRequest: extra.isDataRequest ?? false });

describe("updatePortalLanguages", () => {
  it("an admin sets the default and the offered languages, stored in the portal's order", async () => {
    const tenant = await seedTenant();
    const actor = await actorOf(tenant, await tenant.member("ADMIN"));
    expect(await updatePortalLanguages(actor, { defaultLocale: "de", locales: ["ar", "de", "en", "de"] })).toEqual({ defaultLocale: "de", locales: ["en", "de", "ar"] });
    expect(await db.workspace.findUniqueOrThrow({ where: { id: tenant.workspace.id } })).toMatchObject({ portalDefaultLocale: "de", portalLocales: ["en", "de", "ar"] });
  });

  it("refuses members, unknown languages, an empty list and a default it does not offer, with field errors", async () => {
    const tenant = await seedTenant();
    await expectApiError(updatePortalLanguages(await actorOf(tenant, await tenant.member("MEMBER")), { defaultLocale: "en", locales: ["en"] }), "FORBIDDEN");
    const actor = await actorOf(tenant, tenant.owner);
    expect((await expectApiError(updatePortalLanguages(actor, { defaultLocale: "xx" as never, locales: ["en"] }), "VALIDATION_ERROR")).details?.[0]?.path).toBe("defaultLocale");
    expect((await expectApiError(updatePortalLanguages(actor, { defaultLocale: "en", locales: [] }), "VALIDATION_ERROR")).details?.[0]).toMatchObject({ path: "locales", message: "Offer at least one language." });
    expect((await expectApiError(updatePortalLanguages(actor, { defaultLocale: "ja", locales: ["en"] }), "VALIDATION_ERROR")).details?.[0]).toMatchObject({ path: "locales", message: "Offer the default language too." });
    await expectApiError(updatePortalLanguages(actor, { defaultLocale: "en", locales: ["en"], extra: 1 } as never), "VALIDATION_ERROR");
    expect(await db.workspace.findUniqueOrThrow({ where: { id: tenant.workspace.id } })).toMatchObject({ portalDefaultLocale: "en" });
  });
});

describe("the portal's language routing (proxy)", () => {
  it("sends a first visit to the browser's offered language, keeps a remembered choice, strips the segment", async () => {
    const tenant = await seedTenant({ published: true });
    const slug = tenant.workspace.slug;
    expect(await visit(`/p/${slug}/status`)).toEqual({ kind: "serve", pathname: `/p/${slug}/status`, locale: "en", prefixed: false });
    expect(await visit(`/p/${slug}/status`, { acceptLanguage: "de-DE,de;q=0.9" })).toEqual({ kind: "redirect", location: `/p/${slug}/de/status`, remember: null });
    // A remembered choice wins over the browser; the default remembered means no redirect.
    expect(await visit(`/p/${slug}`, { acceptLanguage: "de", cookie: "ar" })).toEqual({ kind: "redirect", location: `/p/${slug}/ar`, remember: null });
    expect((await visit(`/p/${slug}`, { acceptLanguage: "de", cookie: "en" }))?.kind).toBe("serve");
    // Client-side navigations and form posts are never redirected.
    expect((await visit(`/p/${slug}`, { acceptLanguage: "de", isDataRequest: true }))?.kind).toBe("serve");
    expect((await visit(`/p/${slug}`, { acceptLanguage: "de", method: "POST" }))?.kind).toBe("serve");
    expect(await visit(`/p/${slug}/ja/boards/ideas`)).toEqual({ kind: "serve", pathname: `/p/${slug}/boards/ideas`, locale: "ja", prefixed: true });
    // The default's own segment leads to the unprefixed address and is remembered.
    expect(await visit(`/p/${slug}/en/status`)).toEqual({ kind: "redirect", location: `/p/${slug}/status`, remember: "en" });
    // Not a language: left to the portal's 404.
    expect(await visit(`/p/${slug}/xx/status`)).toEqual({ kind: "serve", pathname: `/p/${slug}/xx/status`, locale: "en", prefixed: false });
    expect(await visit("/w/acme")).toBeNull();
  });

  it("offers only the portal's languages", async () => {
    const tenant = await seedTenant({ published: true });
    await updatePortalLanguages(await actorOf(tenant, tenant.owner), { defaultLocale: "fr", locales: ["fr", "en"] });
    const slug = tenant.workspace.slug;
    expect((await visit(`/p/${slug}`, { acceptLanguage: "de, en;q=0.5" }))).toEqual({ kind: "redirect", location: `/p/${slug}/en`, remember: null });
    expect((await visit(`/p/${slug}`, { acceptLanguage: "ja" }))).toEqual({ kind: "serve", pathname: `/p/${slug}`, locale: "fr", prefixed: false });
  });

  it("a sign-up's way back names the visitor's portal language, for the verification mail", async () => {
    const tenant = await seedTenant({ published: true });
    await updatePortalLanguages(await actorOf(tenant, tenant.owner), { defaultLocale: "fr", locales: ["fr", "ar"] });
    const slug = tenant.workspace.slug;
    expect(await portalLocaleOfPath(`/p/${slug}/ar/posts/abc?x=1`)).toBe("ar");
    expect(await portalLocaleOfPath(`/p/${slug}/boards/ideas`)).toBe("fr");
    // Not offered, not a portal, not published: the default, or nothing known.
    expect(await portalLocaleOfPath(`/p/${slug}/ja/status`)).toBe("fr");
    expect(await portalLocaleOfPath("/workspaces")).toBeUndefined();
    expect(await portalLocaleOfPath("/p/no-such-portal/de")).toBeUndefined();
  });
});
