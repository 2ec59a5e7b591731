import { describe, expect, it } from "vitest";
import { documentLocale } from "@/lib/surfaces/auth/document-locale";

// <html lang> names the page's language: a portal page's (the proxy's header), a portal visitor's
// sign-in or password page's, English everywhere else.
describe("the document's language", () => {
  it("is the portal page's language from the proxy's header", async () => {
    expect(await documentLocale("ar", "/p/acme/ar/status")).toBe("ar");
    expect(await documentLocale("de", null)).toBe("de");
  });

  it("is an auth page's lang parameter; unknown ones and other pages are English", async () => {
    expect(await documentLocale(null, "/sign-in?lang=ja")).toBe("ja");
    expect(await documentLocale(null, "/forgot-password?lang=ar")).toBe("ar");
    expect(await documentLocale(null, "/reset-password/abc?lang=pt-BR")).toBe("pt-BR");
    expect(await documentLocale(null, "/sign-in?lang=xx")).toBe("en");
    expect(await documentLocale(null, "/sign-in?callbackUrl=%2Fw%2Facme")).toBe("en");
    expect(await documentLocale(null, "/w/acme?lang=de")).toBe("en");
    expect(await documentLocale("xx", "/account")).toBe("en");
    expect(await documentLocale(null, null)).toBe("en");
  });
});
