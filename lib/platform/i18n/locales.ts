// The languages the public portal can speak. A workspace picks its default (served at the
// unprefixed address /p/{workspace}/…) and which of these it offers (each under its own segment,
// /p/{workspace}/{locale}/…), so every address carries exactly one language.

export const PORTAL_LOCALES = ["en", "de", "fr", "es", "pt-BR", "ja", "ar"] as const;
export type PortalLocale = (typeof PORTAL_LOCALES)[number];
export const DEFAULT_PORTAL_LOCALE: PortalLocale = "en";

/** Each language named in itself, for the language switcher and the settings form. */
export const LOCALE_NAMES: Record<PortalLocale, string> = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  "pt-BR": "Português (Brasil)",
  ja: "日本語",
  ar: "العربية",
};

/** The cookie that remembers a visitor's chosen portal language (a year, per portal path). */
export const PORTAL_LOCALE_COOKIE = "portal-locale";
/** The request header the proxy sets on a prefixed address, read by next-intl. */
export const PORTAL_LOCALE_HEADER = "X-NEXT-INTL-LOCALE";
/** Set by the proxy when the address carried a language segment. */
export const PORTAL_PREFIXED_HEADER = "x-portal-locale-prefixed";

export function isPortalLocale(value: unknown): value is PortalLocale {
  return typeof value === "string" && (PORTAL_LOCALES as readonly string[]).includes(value);
}

export function directionOf(locale: PortalLocale): "ltr" | "rtl" {
  return locale === "ar" ? "rtl" : "ltr";
}

/**
 * The best of `offered` for an Accept-Language header: exact tags first ("pt-BR"), then a
 * language alone ("de-AT" → "de", "pt" → "pt-BR"), in the header's order of preference; null
 * when nothing matches (the portal's default applies). Malformed parts are skipped.
 */
export function matchAcceptLanguage(header: string | null | undefined, offered: readonly PortalLocale[]): PortalLocale | null {
  if (!header) return null;
  const wanted = header
    .slice(0, 1_000)
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && entry.weight > 0 && /^[a-z]{1,8}(-[a-z0-9]{1,8})*$/.test(entry.tag))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of wanted) {
    const exact = offered.find((locale) => locale.toLowerCase() === tag);
    if (exact) return exact;
    const language = tag.split("-")[0];
    const loose = offered.find((locale) => locale.toLowerCase().split("-")[0] === language);
    if (loose) return loose;
  }
  return null;
}

/** The portal's address in one language: the default has no segment, the others one after the slug. */
export function portalPath(slug: string, locale: PortalLocale, defaultLocale: PortalLocale, rest = ""): string {
  const tail = rest && !rest.startsWith("/") && !rest.startsWith("?") ? `/${rest}` : rest;
  return locale === defaultLocale ? `/p/${slug}${tail}` : `/p/${slug}/${locale}${tail}`;
}

/**
 * Splits a portal address into its slug, language segment (if it is one we speak) and the rest:
 * "/p/acme/de/status" → { slug: "acme", locale: "de", rest: "/status" }. Null for other paths.
 */
export function parsePortalPath(pathname: string): { slug: string; locale: PortalLocale | null; rest: string } | null {
  const match = /^\/p\/([^/]+)(\/[^/]*)?(\/.*)?$/.exec(pathname);
  if (!match) return null;
  const slug = match[1]!;
  const second = match[2]?.slice(1) ?? "";
  if (isPortalLocale(second)) return { slug, locale: second, rest: match[3] ?? "" };
  return { slug, locale: null, rest: (match[2] ?? "") + (match[3] ?? "") };
}

/**
 * The portal's home in the language of the address the browser is on (/p/acme/de/posts/x →
 * /p/acme/de): the way back from a page that failed or was not found keeps the visitor's language.
 */
export function portalHomeOfPath(pathname: string, slug: string): string {
  const locale = parsePortalPath(pathname)?.locale;
  return locale ? `/p/${slug}/${locale}` : `/p/${slug}`;
}

export interface PortalLanguages {
  defaultLocale: PortalLocale;
  locales: PortalLocale[];
}

/**
 * The stored settings as the portal uses them: only languages we speak, in our order, the default
 * always among them (a row written before a language was dropped can never strand the portal).
 */
export function portalLanguagesOf(row: { portalDefaultLocale: string; portalLocales: string[] }): PortalLanguages {
  const defaultLocale = isPortalLocale(row.portalDefaultLocale) ? row.portalDefaultLocale : DEFAULT_PORTAL_LOCALE;
  const locales = PORTAL_LOCALES.filter((locale) => locale === defaultLocale || row.portalLocales.includes(locale));
  return { defaultLocale, locales };
}

