import { absoluteUrl } from "@/lib/site-url";
import { manageTokenFor } from "./tokens";

// Every link a subscriber mail holds, on the configured public origin (never the request's host).

export function portalLink(slug: string, page: "status" | "changelog"): string {
  return absoluteUrl(`/p/${encodeURIComponent(slug)}/${page}`).toString();
}

export function confirmLink(slug: string, rawToken: string): string {
  return absoluteUrl(`/p/${encodeURIComponent(slug)}/subscriptions/confirm?token=${rawToken}`).toString();
}

export function manageLink(slug: string, subscriberId: string): string {
  return absoluteUrl(`/p/${encodeURIComponent(slug)}/subscriptions/manage?token=${manageTokenFor(subscriberId)}`).toString();
}

/** The RFC 8058 one-click endpoint: a POST unsubscribes, a GET shows the manage page. */
export function oneClickLink(slug: string, subscriberId: string): string {
  return absoluteUrl(`/api/subscriptions/unsubscribe?workspace=${encodeURIComponent(slug)}&token=${manageTokenFor(subscriberId)}`).toString();
}

/** The headers that let a mail client unsubscribe without opening anything. */
export function unsubscribeHeaders(slug: string, subscriberId: string): Record<string, string> {
  return { "List-Unsubscribe": `<${oneClickLink(slug, subscriberId)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}
