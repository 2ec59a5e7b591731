import { routeKind } from "@/lib/platform/security/headers";
import { authLocaleOf } from "@/lib/surfaces/auth/auth-locale";
import { DEFAULT_PORTAL_LOCALE, isPortalLocale, type PortalLocale } from "@/lib/platform/i18n/locales";

/**
 * The language of the whole document, for <html lang dir>: a portal page's (the header the proxy
 * sets on portal addresses only), a sign-in, sign-up or password page's (its `lang`, else the
 * portal page it leads back to), English for everything else. The portal's and the auth pages'
 * own elements say it too; browsers, search engines and the menus drawn at the end of the body go
 * by the document's.
 */
export async function documentLocale(portalHeader: string | null, pathWithSearch: string | null): Promise<PortalLocale> {
  if (isPortalLocale(portalHeader)) return portalHeader;
  if (!pathWithSearch) return DEFAULT_PORTAL_LOCALE;
  const url = new URL(pathWithSearch, "http://document.invalid");
  if (routeKind(url.pathname) !== "auth") return DEFAULT_PORTAL_LOCALE;
  return (await authLocaleOf({ lang: url.searchParams.get("lang") ?? undefined, callbackUrl: url.searchParams.get("callbackUrl") ?? undefined })) ?? DEFAULT_PORTAL_LOCALE;
}
