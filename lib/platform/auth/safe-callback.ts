import { publicOrigin } from "@/lib/platform/config/site-url";

// The one rule for where a browser may be sent after sign-in, sign-up, sign-out or an OAuth round
// trip (every callbackUrl the app accepts): resolve the value against the app's public origin with
// the URL parser, the way a browser will, and accept it only if it is still a plain path on that
// origin after normalisation. Checking the text first is not enough: "/.//evil.example" and
// "/%2e//evil.example" start with one slash, but their dot segments fold away into
// "//evil.example", which a browser reads as another site. Browsers also forgive a lot (they drop
// tabs and newlines, read "\" as "/", fold a full-width dot into "."), so anything that could turn
// into another origin once they are done with it is refused, never repaired. The answer is plain
// ASCII (the parser percent-encodes the rest), safe in a Location header.

export const DEFAULT_CALLBACK = "/workspaces";
const MAX_LENGTH = 2048;
// C0 controls (tab, CR, LF, NUL, …), DEL, C1 controls and backslashes.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\\]/;
// How many layers of percent-encoding are looked through (a router or a second redirect may decode).
const DECODE_ROUNDS = 3;
const PROBE_ORIGIN = "http://same-origin.invalid";

/** A normalised pathname that a browser, a router or a later redirect could still read as another host. */
function couldLeaveTheSite(pathname: string): boolean {
  let current = pathname;
  for (let round = 0; round <= DECODE_ROUNDS; round++) {
    const folded = current.normalize("NFKC");
    if (UNSAFE.test(folded) || !folded.startsWith("/") || folded.startsWith("//")) return true;
    // Resolved again as a path: decoded dot segments and slashes ("/%2e%2e%2f%2fevil") fold here.
    let again: URL;
    try {
      again = new URL(folded.replace(/[?#]/g, encodeURIComponent), PROBE_ORIGIN);
    } catch {
      return true;
    }
    if (again.origin !== PROBE_ORIGIN || again.pathname.startsWith("//")) return true;
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return true;
    }
    if (decoded === current) return false;
    current = decoded;
  }
  return true;
}

/**
 * `value` as a same-origin path (with its query and fragment) if it is one after normalisation,
 * else `fallback`. An absolute URL on the app's own public origin counts as its path.
 */
export function safeCallbackUrl(value: unknown, fallback = DEFAULT_CALLBACK): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH || UNSAFE.test(value)) return fallback;
  const origin = publicOrigin();
  let url: URL;
  try {
    url = new URL(value, `${origin}/`);
  } catch {
    return fallback;
  }
  if (url.origin !== origin || url.username || url.password || couldLeaveTheSite(url.pathname)) return fallback;
  return url.pathname + url.search + url.hash;
}

/**
 * `value` as a portal page's path (`/p/{workspace}/…`, without query or fragment) if it is a safe
 * callback that names one, else null: where a visitor who signed up from a portal goes back to.
 */
export function safePortalPath(value: unknown): string | null {
  const path = safeCallbackUrl(value, "").split(/[?#]/)[0]!;
  return /^\/p\/[^/]+(\/|$)/.test(path) ? path : null;
}

/** next-auth's redirect callback: the same rule, answered as an absolute URL on the public origin. */
export function safeRedirectTarget(url: string): string {
  return `${publicOrigin()}${safeCallbackUrl(url)}`;
}
