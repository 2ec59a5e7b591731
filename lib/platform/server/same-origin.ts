import type { IncomingMessage } from "node:http";

// A form post or server action sent from another site. Next.js checks a server action's Origin
// against the Host (or X-Forwarded-Host) it was sent to and, when they differ, throws: the visitor
// gets a 500 and the log an error, for what is the other site's doing. The same rule is applied
// here first so the answer is a plain 403 and nothing reaches Next. The API (/api/…) is left to its
// own authentication: its callers are not browsers on this site's pages.

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The host the request was sent to, as Next reads it: the first X-Forwarded-Host, else Host. */
function requestHost(request: IncomingMessage): string | undefined {
  const forwarded = single(request.headers["x-forwarded-host"])?.split(",")[0]?.trim();
  return forwarded || single(request.headers.host);
}

/** Why a POST to a page is refused as cross-origin, or null: a browser's Origin names another host, or none ("null"). */
export function crossOriginProblem(request: IncomingMessage): string | null {
  if (request.method !== "POST" || request.url?.startsWith("/api/")) return null;
  const origin = single(request.headers.origin);
  if (origin === undefined) return null;
  let originHost: string;
  try {
    originHost = origin === "null" ? "null" : new URL(origin).host;
  } catch {
    return `the Origin ${origin.slice(0, 100)} is not a URL`;
  }
  const host = requestHost(request);
  return originHost === host ? null : `the Origin ${originHost.slice(0, 100)} is not the host ${String(host).slice(0, 100)}`;
}
