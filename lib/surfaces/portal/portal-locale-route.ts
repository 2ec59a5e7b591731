import { findPortalLanguages } from "@/lib/surfaces/portal/portal-languages";
import { matchAcceptLanguage, parsePortalPath, PORTAL_LOCALE_COOKIE, portalPath, type PortalLocale } from "@/lib/platform/i18n/locales";

/** What the proxy does with a portal address, language-wise. */
export type PortalLocaleRoute =
  /** Serve `pathname` (the address without its language segment) in `locale`. */
  | { kind: "serve"; pathname: string; locale: PortalLocale | null; prefixed: boolean }
  /** Send the visitor to the address of their language; `remember` goes in the cookie. */
  | { kind: "redirect"; location: string; remember: PortalLocale | null };

export interface PortalLocaleRequest {
  pathname: string;
  search: string;
  method: string;
  acceptLanguage: string | null;
  cookie: string | undefined;
  /** A client-side navigation's data request (Next's RSC fetch): never redirected by language. */
  isDataRequest: boolean;
}

/**
 * The language rules of the portal's addresses:
 * - /p/{ws}/{locale}/… is served in that language (the page answers 404 if the portal does not
 *   offer it); the default language's own segment leads to the unprefixed address and is
 *   remembered, so choosing the default in the switcher sticks.
 * - /p/{ws}/… is the default language, except on a page visit from someone whose remembered
 *   choice (cookie) or else browser languages (Accept-Language) name another offered language:
 *   they are sent there. Remembered "default" wins over the browser.
 * Returns null for paths that are not portal pages.
 */
export async function routePortalLocale(request: PortalLocaleRequest): Promise<PortalLocaleRoute | null> {
  const parsed = parsePortalPath(request.pathname);
  if (!parsed) return null;
  const { slug, locale, rest } = parsed;
  const page = request.method === "GET" || request.method === "HEAD";

  if (locale) {
    const pathname = `/p/${slug}${rest}`;
    if (page && !request.isDataRequest) {
      const languages = await findPortalLanguages(slug).catch(() => null);
      if (languages && locale === languages.defaultLocale) return { kind: "redirect", location: pathname + request.search, remember: locale };
    }
    return { kind: "serve", pathname, locale, prefixed: true };
  }

  // The viewer's state (app/p/[workspace]/viewer) is asked for by a page already in its language.
  if (!page || request.isDataRequest || rest.startsWith("/opengraph-image") || rest === "/viewer") return { kind: "serve", pathname: request.pathname, locale: null, prefixed: false };
  const languages = await findPortalLanguages(slug).catch(() => null);
  if (!languages) return { kind: "serve", pathname: request.pathname, locale: null, prefixed: false };
  const remembered = languages.locales.find((offered) => offered === request.cookie);
  const wanted = remembered ?? matchAcceptLanguage(request.acceptLanguage, languages.locales);
  if (wanted && wanted !== languages.defaultLocale) {
    return { kind: "redirect", location: portalPath(slug, wanted, languages.defaultLocale, rest) + request.search, remember: null };
  }
  return { kind: "serve", pathname: request.pathname, locale: languages.defaultLocale, prefixed: false };
}

/**
 * The portal language of an address inside the app (a sign-up's way back, say): its language
 * segment, else the portal's default; undefined outside the portal or for an unknown portal.
 */
export async function portalLocaleOfPath(path: string | null | undefined): Promise<PortalLocale | undefined> {
  if (!path || !path.startsWith("/p/")) return undefined;
  const parsed = parsePortalPath(path.split(/[?#]/)[0]!);
  if (!parsed) return undefined;
  const languages = await findPortalLanguages(parsed.slug).catch(() => null);
  if (!languages) return undefined;
  return parsed.locale && languages.locales.includes(parsed.locale) ? parsed.locale : languages.defaultLocale;
}

export { PORTAL_LOCALE_COOKIE };
