import { isPortalLocale, portalPath, type PortalLanguages } from "@/lib/platform/i18n/locales";
import { absoluteUrl } from "@/lib/platform/config/site-url";
import { manageTokenFor } from "./tokens";

// Every link a subscriber mail holds, on the configured public origin (never the request's host).
// Portal pages are linked in the subscriber's language, as the mail around them is: under its
// segment while the portal still offers it, else at the default (unprefixed) address, since a
// segment the portal no longer offers is a 404.

/** Which portal a link leads to, and in which language when the subscriber has one. */
export interface PortalPlace {
  slug: string;
  languages: PortalLanguages;
  locale?: string | null;
}

function portalUrl(place: PortalPlace, rest: string): string {
  const { defaultLocale, locales } = place.languages;
  const locale = isPortalLocale(place.locale) && locales.includes(place.locale) ? place.locale : defaultLocale;
  return absoluteUrl(portalPath(encodeURIComponent(place.slug), locale, defaultLocale, rest)).toString();
}

export function portalLink(place: PortalPlace, page: "status" | "changelog"): string {
  return portalUrl(place, `/${page}`);
}

export function releaseNoteLink(place: PortalPlace, noteId: string): string {
  return portalUrl(place, `/changelog/${encodeURIComponent(noteId)}`);
}

export function confirmLink(place: PortalPlace, rawToken: string): string {
  return portalUrl(place, `/subscriptions/confirm?token=${rawToken}`);
}

export function manageLink(place: PortalPlace, subscriberId: string): string {
  return portalUrl(place, `/subscriptions/manage?token=${manageTokenFor(subscriberId)}`);
}

/** The RFC 8058 one-click endpoint: a POST unsubscribes, a GET shows the manage page. */
export function oneClickLink(slug: string, subscriberId: string): string {
  return absoluteUrl(`/api/subscriptions/unsubscribe?workspace=${encodeURIComponent(slug)}&token=${manageTokenFor(subscriberId)}`).toString();
}

/** The headers that let a mail client unsubscribe without opening anything. */
export function unsubscribeHeaders(slug: string, subscriberId: string): Record<string, string> {
  return { "List-Unsubscribe": `<${oneClickLink(slug, subscriberId)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}
