import { isPortalLocale, portalPath, type PortalLanguages } from "@/lib/i18n/locales";
import { absoluteUrl } from "@/lib/site-url";
import { manageTokenFor } from "./tokens";

// Every link a subscriber mail holds, on the configured public origin (never the request's host),
// and in the portal language the subscriber used when the portal still offers it: a visitor who
// subscribed on the German page lands on German pages.

/** The subscriber's language and the portal's, for the links; without it, the portal's own address. */
export interface LinkLanguage {
  locale: string | null | undefined;
  languages: PortalLanguages;
}

function portalAddress(slug: string, rest: string, language?: LinkLanguage): string {
  const encoded = encodeURIComponent(slug);
  const locale = language?.locale;
  if (!language || !isPortalLocale(locale) || !language.languages.locales.includes(locale)) return `/p/${encoded}${rest}`;
  return portalPath(encoded, locale, language.languages.defaultLocale, rest);
}

export function portalLink(slug: string, page: "status" | "changelog", language?: LinkLanguage): string {
  return absoluteUrl(portalAddress(slug, `/${page}`, language)).toString();
}

export function releaseNoteLink(slug: string, noteId: string, language?: LinkLanguage): string {
  return absoluteUrl(portalAddress(slug, `/changelog/${encodeURIComponent(noteId)}`, language)).toString();
}

export function confirmLink(slug: string, rawToken: string, language?: LinkLanguage): string {
  return absoluteUrl(portalAddress(slug, `/subscriptions/confirm?token=${rawToken}`, language)).toString();
}

export function manageLink(slug: string, subscriberId: string, language?: LinkLanguage): string {
  return absoluteUrl(portalAddress(slug, `/subscriptions/manage?token=${manageTokenFor(subscriberId)}`, language)).toString();
}

/** The RFC 8058 one-click endpoint: a POST unsubscribes, a GET shows the manage page. */
export function oneClickLink(slug: string, subscriberId: string): string {
  return absoluteUrl(`/api/subscriptions/unsubscribe?workspace=${encodeURIComponent(slug)}&token=${manageTokenFor(subscriberId)}`).toString();
}

/** The headers that let a mail client unsubscribe without opening anything. */
export function unsubscribeHeaders(slug: string, subscriberId: string): Record<string, string> {
  return { "List-Unsubscribe": `<${oneClickLink(slug, subscriberId)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}
