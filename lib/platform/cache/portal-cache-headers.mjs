// Cache-Control of the portal's HTML pages (/p/{workspace}/…), as next.config.mjs `headers()`
// rules; Next.js keeps a Cache-Control set this way on dynamically rendered pages.
//
// Signed out, every visitor gets the same page, so any shared cache in front (a CDN, the nginx of
// docs/deploy/nginx.conf) may keep it: the status page for seconds (it is what takes the traffic
// when a customer's service is down, and it must follow incidents closely), the rest for a minute.
// Browsers revalidate every time (max-age=0), so a visitor who signs in never sees a page their
// own browser kept from before. Signed in (a session cookie is present), the page carries the
// visitor's name and votes: private, never stored.
//
// A shared cache must also never answer a signed-in visitor from the public copy. Next.js replaces
// the Vary header of every page with its own (rsc, next-router-*), so the production server adds
// `Vary: Cookie, Accept-Language` as the answer goes out (lib/surfaces/front-door/page-cache.ts, varyByVisitor);
// a cache that ignores Vary has to bypass itself when a session cookie is present, as the reference
// nginx configuration does (docs/deploy/nginx.conf, docs/self-hosting.md, "Behind a caching proxy").
//
// The HTML status page cannot shrink its ages before a maintenance boundary the way the JSON
// status does (lib/surfaces/public-api/define-public-route.ts): a header rule is fixed. Its window is kept short
// instead: at most 5 + 5 seconds past a boundary.

/** next-auth's session cookie over http and over https, and an SSO visitor's portal session (lib/domain/sso). */
export const SSO_SESSION_COOKIE = "portal-sso-session";
export const SESSION_COOKIES = ["next-auth.session-token", "__Secure-next-auth.session-token", SSO_SESSION_COOKIE];

export const PORTAL_CACHE_CONTROL = {
  status: "public, max-age=0, s-maxage=5, stale-while-revalidate=5",
  page: "public, max-age=0, s-maxage=60, stale-while-revalidate=60",
  signedIn: "private, no-store",
};

const LOCALES = "(en|de|fr|es|pt-BR|ja|ar)";
const PERSONAL_PAGES = [
  "/p/:workspace/subscriptions/:path*",
  `/p/:workspace/:locale${LOCALES}/subscriptions/:path*`,
  "/p/:workspace/account",
  `/p/:workspace/:locale${LOCALES}/account`,
];

/** The header rules, in order: a later rule's value wins over an earlier one for the same header. */
export function portalCacheHeaders() {
  const signedIn = SESSION_COOKIES.map((key) => ({
    source: "/p/:path*",
    has: [{ type: "cookie", key }],
    headers: [{ key: "Cache-Control", value: PORTAL_CACHE_CONTROL.signedIn }],
  }));
  return [
    { source: "/p/:workspace", headers: [{ key: "Cache-Control", value: PORTAL_CACHE_CONTROL.page }] },
    { source: "/p/:workspace/:path+", headers: [{ key: "Cache-Control", value: PORTAL_CACHE_CONTROL.page }] },
    { source: "/p/:workspace/status", headers: [{ key: "Cache-Control", value: PORTAL_CACHE_CONTROL.status }] },
    // The same status page in another language (lib/platform/i18n/locales.ts lists them; this file stays plain JS).
    { source: `/p/:workspace/:locale${LOCALES}/status`, headers: [{ key: "Cache-Control", value: PORTAL_CACHE_CONTROL.status }] },
    // Pages that belong to one visitor whether or not they are signed in: a subscription's
    // confirm and manage pages (reached by the token in its mail) and the account page. A shared
    // cache must never keep them, or a saved change would show the old page to its owner.
    ...PERSONAL_PAGES.map((source) => ({ source, headers: [{ key: "Cache-Control", value: PORTAL_CACHE_CONTROL.signedIn }] })),
    ...signedIn,
  ];
}
