import { describe, expect, it } from "vitest";
import { matchAcceptLanguage, parsePortalPath, portalHomeOfPath, portalLanguagesOf, portalPath, PORTAL_LOCALES } from "@/lib/platform/i18n/locales";

describe("portal languages", () => {
  it("picks the visitor's first offered language from Accept-Language, by weight, exact tag before the language alone", () => {
    const all = [...PORTAL_LOCALES];
    expect(matchAcceptLanguage("de-DE,de;q=0.9,en;q=0.8", all)).toBe("de");
    expect(matchAcceptLanguage("pt-BR", all)).toBe("pt-BR");
    expect(matchAcceptLanguage("pt-PT,pt;q=0.9", all)).toBe("pt-BR");
    expect(matchAcceptLanguage("en;q=0.5, ja", all)).toBe("ja");
    expect(matchAcceptLanguage("nl, fr;q=0.3", all)).toBe("fr");
    expect(matchAcceptLanguage("de", ["en", "fr"])).toBeNull();
    expect(matchAcceptLanguage("*", all)).toBeNull();
    expect(matchAcceptLanguage("<script>, ;;;, de;q=abc", all)).toBeNull();
    expect(matchAcceptLanguage(null, all)).toBeNull();
  });

  it("splits a portal address into slug, language segment and the rest", () => {
    expect(parsePortalPath("/p/acme")).toEqual({ slug: "acme", locale: null, rest: "" });
    expect(parsePortalPath("/p/acme/status")).toEqual({ slug: "acme", locale: null, rest: "/status" });
    expect(parsePortalPath("/p/acme/de")).toEqual({ slug: "acme", locale: "de", rest: "" });
    expect(parsePortalPath("/p/acme/pt-BR/boards/ideas")).toEqual({ slug: "acme", locale: "pt-BR", rest: "/boards/ideas" });
    // Not a language we speak: an ordinary (missing) page of the portal.
    expect(parsePortalPath("/p/acme/xx/status")).toEqual({ slug: "acme", locale: null, rest: "/xx/status" });
    expect(parsePortalPath("/w/acme")).toBeNull();
  });

  it("builds addresses: the default unprefixed, the others under their segment", () => {
    expect(portalPath("acme", "en", "en", "/status")).toBe("/p/acme/status");
    expect(portalPath("acme", "ar", "en", "/status")).toBe("/p/acme/ar/status");
    expect(portalPath("acme", "en", "de")).toBe("/p/acme/en");
  });

  it("leads back home in the language of the address a page failed or was not found at", () => {
    expect(portalHomeOfPath("/p/acme/de/posts/gone", "acme")).toBe("/p/acme/de");
    expect(portalHomeOfPath("/p/acme/ar", "acme")).toBe("/p/acme/ar");
    expect(portalHomeOfPath("/p/acme/posts/gone", "acme")).toBe("/p/acme");
    expect(portalHomeOfPath("/p/acme/xx/status", "acme")).toBe("/p/acme");
  });

  it("keeps stored settings usable: unknown languages dropped, the default always offered", () => {
    expect(portalLanguagesOf({ portalDefaultLocale: "de", portalLocales: ["ja", "xx"] })).toEqual({ defaultLocale: "de", locales: ["de", "ja"] });
    expect(portalLanguagesOf({ portalDefaultLocale: "xx", portalLocales: [] })).toEqual({ defaultLocale: "en", locales: ["en"] });
  });
});
