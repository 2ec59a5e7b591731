// Security headers. The production server (server.ts) sets the base ones on
// every answer, pages, API and static files alike; pages add theirs in proxy.ts (pageHeaders),
// with a fresh CSP nonce per request.
export type RouteKind = "dashboard" | "auth" | "portal" | "embed" | "docs" | "api" | "other";

const AUTH_PREFIXES = ["/sign-in", "/sign-up", "/invitations", "/verify-email", "/confirm-email", "/forgot-password", "/reset-password"];
const DASHBOARD_PREFIXES = ["/w", "/workspaces", "/account"];

export function routeKind(pathname: string): RouteKind {
  const under = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  if (under("/api")) return "api";
  if (DASHBOARD_PREFIXES.some(under)) return "dashboard";
  if (AUTH_PREFIXES.some(under)) return "auth";
  if (under("/p")) return "portal";
  if (under("/embed")) return "embed";
  if (under("/docs")) return "docs";
  return "other";
}

/** The headers every answer carries, pages and API alike. */
export function baseSecurityHeaders(production = process.env.NODE_ENV === "production"): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
    // Browsers ignore it over plain HTTP, and a development server on http://localhost must not
    // teach the browser to insist on HTTPS for localhost.
    ...(production ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
}

/**
 * The page's Content-Security-Policy. Scripts: this origin, plus inline scripts only with this
 * request's nonce (Next reads it from the request's own CSP header and puts it on the scripts it
 * inlines). Styles may be inline: React and Radix set style attributes, which nonces cannot cover,
 * and the API reference renderer injects its own. The portal may be framed (a status page embedded
 * elsewhere); the widget's embed pages only by the sites their workspace allows (`frameAncestors`,
 * 'none' when it names none); nothing else may, so the dashboard's buttons cannot be clickjacked.
 */
export function contentSecurityPolicy(kind: RouteKind, nonce: string, development = process.env.NODE_ENV === "development", frameAncestors = "'none'"): string {
  return [
    "default-src 'self'",
    // React's development build evaluates code for its stack traces and Fast Refresh.
    `script-src 'self' 'nonce-${nonce}'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    // Pictures of people signed in through a workspace's own accounts (SSO) come from that
    // workspace's own image host, over https.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${development ? " ws: wss:" : ""}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    ...(kind === "portal" ? [] : [`frame-ancestors ${kind === "embed" ? frameAncestors : "'none'"}`]),
  ].join("; ");
}

/**
 * What a page adds to the base headers: its CSP, and no framing outside the portal and the embed
 * pages (X-Frame-Options cannot name sites, so embed pages rely on frame-ancestors alone).
 */
export function pageOnlySecurityHeaders(kind: RouteKind, nonce: string, frameAncestors?: string): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(kind, nonce, undefined, frameAncestors),
    ...(kind === "portal" || kind === "embed" ? {} : { "X-Frame-Options": "DENY" }),
  };
}

export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}
