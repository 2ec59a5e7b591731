import { safeCallbackUrl } from "@/lib/platform/auth/safe-callback";
import { isPortalLocale, type PortalLocale } from "@/lib/platform/i18n/locales";
import { portalLocaleOfPath } from "@/lib/surfaces/portal/portal-locale-route";

/**
 * The language of a sign-in, sign-up or password page: its `lang` parameter when it names one we
 * speak (the pages pass it on to each other, and a visitor's reset mail links with it), else the
 * language of the portal page it leads back to. Undefined (English) for the dashboard's own users.
 */
export async function authLocaleOf(params: { lang?: unknown; callbackUrl?: unknown }): Promise<PortalLocale | undefined> {
  if (isPortalLocale(params.lang)) return params.lang;
  if (typeof params.callbackUrl !== "string") return undefined;
  return portalLocaleOfPath(safeCallbackUrl(params.callbackUrl));
}

/**
 * A link between the auth pages that keeps the visitor's way back and language; without either
 * the plain address.
 */
export function authHref(path: string, keep: { callbackUrl?: string; lang?: PortalLocale; [param: string]: string | undefined }): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(keep)) {
    if (value) query.set(name, value);
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
