// The one place that decides where a browser may be sent after sign-in, sign-up or an OAuth round
// trip: a path on this site, or the fallback. Browsers forgive a lot in a URL (they drop tabs and
// newlines, read "\" as "/", fold a full-width dot into "."), so anything that could turn into
// another origin once they are done with it is refused, never repaired. The answer is always
// plain ASCII (the URL parser percent-encodes the rest), so it is safe in a Location header.

const BASE = "http://same-origin.invalid";
const MAX_LENGTH = 2048;
// C0 controls (tab, CR, LF, NUL, …), DEL, C1 controls and backslashes.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\\]/;

function decodedPath(value: string): string | null {
  const path = value.split(/[?#]/, 1)[0]!;
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

export function safeCallbackUrl(value: unknown, fallback = "/workspaces"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return fallback;
  if (UNSAFE.test(value) || !value.startsWith("/") || value.startsWith("//")) return fallback;
  // The same tricks percent-encoded once more (%2F%2F, %5C, %09): a router may decode them.
  const path = decodedPath(value);
  if (path === null || UNSAFE.test(path) || path.startsWith("//") || path.normalize("NFKC").startsWith("//")) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  return url.pathname + url.search + url.hash;
}

/** next-auth's redirect callback: absolute URLs on our own origin become paths, then the same rule. */
export function safeRedirectTarget(url: string, baseUrl: string): string {
  const origin = new URL(baseUrl).origin;
  const relative = url.startsWith(`${origin}/`) ? url.slice(origin.length) : url;
  return `${origin}${safeCallbackUrl(relative)}`;
}
