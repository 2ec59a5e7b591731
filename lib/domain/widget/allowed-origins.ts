import { plainTextProblem } from "@/lib/platform/core/schemas";

// Where the widget may run: a list of exact origins, each "scheme://host[:port]". An origin is
// what a browser sends in `Origin` and what `frame-ancestors` and `postMessage` compare, so
// anything more (a path, a query, credentials) or less (no scheme) could never match and is refused
// rather than silently trimmed. One safe wildcard form is accepted: "https://*.example.com",
// any subdomain of one registrable name over HTTPS (what `frame-ancestors` itself understands);
// a bare "*" or a wildcard in the middle of a name is refused.

export const MAX_WIDGET_ORIGINS = 20;
const MAX_ORIGIN_LENGTH = 200;
const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

export type OriginCheck = { ok: true; origin: string } | { ok: false; problem: string };

/** One entry of the allowed list, normalised (lowercase, default port dropped), or why it is refused. */
export function normaliseOrigin(input: string): OriginCheck {
  const value = input.trim();
  if (!value) return { ok: false, problem: "An origin must not be empty." };
  if (value.length > MAX_ORIGIN_LENGTH) return { ok: false, problem: `An origin must be at most ${MAX_ORIGIN_LENGTH} characters.` };
  const text = plainTextProblem(value, "An origin");
  if (text) return { ok: false, problem: text };
  const wildcard = /^https:\/\/\*\.(.+)$/i.exec(value);
  if (wildcard) {
    const rest = normaliseOrigin(`https://${wildcard[1]}`);
    if (!rest.ok) return rest;
    const host = new URL(rest.origin).hostname;
    // "*.com" would let anyone in; a wildcard needs a name of at least two labels under it.
    if (host.split(".").length < 2 || /^[\d.]+$/.test(host)) return { ok: false, problem: `"${value}": a wildcard must stand before a domain name of at least two labels, such as https://*.example.com.` };
    return { ok: true, origin: `https://*.${rest.origin.slice("https://".length)}` };
  }
  if (value.includes("*")) return { ok: false, problem: `"${value}": the only wildcard allowed is a leading "*." over HTTPS, such as https://*.example.com.` };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, problem: `"${value}" is not an origin: write it as https://app.example.com (scheme, host and port only).` };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, problem: `"${value}": only http and https pages can show the widget.` };
  if (url.username || url.password) return { ok: false, problem: `"${value}": an origin carries no user name or password.` };
  // new URL("https://a.com/x") keeps the path; an origin never has one (a lone "/" is what URL adds).
  const afterHost = value.replace(/^[a-z]+:\/\/[^/?#]*/i, "");
  if (afterHost !== "" && afterHost !== "/") return { ok: false, problem: `"${value}": an origin has no path, query or fragment; use ${url.origin}.` };
  if (!url.hostname.split(".").every((label) => HOST_LABEL.test(label)) && !url.hostname.startsWith("[")) {
    return { ok: false, problem: `"${value}" does not name a valid host.` };
  }
  return { ok: true, origin: url.origin };
}

/** The whole list: each entry normalised, duplicates dropped, or the problems by position. */
export function parseOriginList(entries: readonly string[]): { ok: true; origins: string[] } | { ok: false; problems: { index: number; problem: string }[] } {
  if (entries.length > MAX_WIDGET_ORIGINS) return { ok: false, problems: [{ index: MAX_WIDGET_ORIGINS, problem: `At most ${MAX_WIDGET_ORIGINS} origins.` }] };
  const origins: string[] = [];
  const problems: { index: number; problem: string }[] = [];
  entries.forEach((entry, index) => {
    const checked = normaliseOrigin(entry);
    if (!checked.ok) problems.push({ index, problem: checked.problem });
    else if (!origins.includes(checked.origin)) origins.push(checked.origin);
  });
  return problems.length ? { ok: false, problems } : { ok: true, origins };
}

/**
 * Whether a browser-reported origin (an `Origin` header, a message event's `origin`) is one of the
 * allowed ones. "null" (sandboxed frames, file: pages) and anything malformed never are.
 */
export function isAllowedOrigin(origin: string | null | undefined, allowed: readonly string[]): boolean {
  if (!origin || origin === "null") return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin) return false;
  return allowed.some((entry) => {
    if (!entry.startsWith("https://*.")) return entry === origin;
    const suffix = entry.slice("https://*".length); // ".example.com"
    return url.protocol === "https:" && url.host.endsWith(suffix) && url.host.length > suffix.length;
  });
}

/** The `frame-ancestors` source list for these origins: 'none' when the list is empty. */
export function frameAncestors(allowed: readonly string[]): string {
  return allowed.length ? allowed.join(" ") : "'none'";
}
