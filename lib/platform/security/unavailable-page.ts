import { statusPage } from "./status-page";

// The page dashboard and portal visitors get while the database cannot be reached (proxy.ts): a
// 503 with Retry-After, in the app's colours, instead of every page failing with a 500 and a stack
// trace in the log.
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 10;

/**
 * Why the page cannot be shown: the database does not answer at all (the proxy's probe saw it), or
 * the page's own database work failed, which is as often a pool too busy to lend a connection in
 * time as an outage, and the page cannot tell which.
 */
export type UnavailableCause = "unreachable" | "unreachable-or-busy";

const CAUSES: Record<UnavailableCause, string> = {
  unreachable: "We cannot reach our database right now, so this page cannot be shown.",
  "unreachable-or-busy": "Our database is too busy or out of reach right now, so this page could not be shown.",
};

export function unavailablePage(nonce: string, requestId: string, cause: UnavailableCause): string {
  const message = `${CAUSES[cause]} Nothing you saved is lost. Please try again in a few seconds.`;
  return statusPage({ title: "Temporarily unavailable", message, link: { href: "", label: "Try again" } }, nonce, requestId);
}
