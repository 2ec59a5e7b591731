import { statusPage } from "./status-page";

// The page dashboard and portal visitors get while the database cannot be reached (proxy.ts): a
// 503 with Retry-After, in the app's colours, instead of every page failing with a 500 and a stack
// trace in the log.
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 10;

export function unavailablePage(nonce: string, requestId: string): string {
  const message = "We cannot reach our database right now, so this page cannot be shown. Nothing you saved is lost. Please try again in a few seconds.";
  return statusPage({ title: "Temporarily unavailable", message, link: { href: "", label: "Try again" } }, nonce, requestId);
}
