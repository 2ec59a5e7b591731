import { NextResponse, type NextRequest } from "next/server";
import { ApiError } from "@/lib/platform/http/error-codes";
import { API_KEY_SCOPE_MESSAGE, carriesApiKey } from "@/lib/platform/auth/carries-api-key";
import { errorResponse, newRequestId } from "@/lib/platform/http/responses";
import { freshProbe } from "@/lib/platform/db/probe";
import { isPortalLocale, PORTAL_LOCALE_COOKIE, PORTAL_LOCALE_HEADER, PORTAL_PREFIXED_HEADER } from "@/lib/platform/i18n/locales";
import { routePortalLocale, type PortalLocaleRoute } from "@/lib/surfaces/portal/portal-locale-route";
import { repeatedError } from "@/lib/platform/log/repeated";
import { newNonce, pageOnlySecurityHeaders, routeKind, type RouteKind } from "@/lib/platform/security/headers";
import { UNAVAILABLE_RETRY_AFTER_SECONDS, unavailablePage } from "@/lib/platform/security/unavailable-page";
import { embedFrameAncestors } from "@/lib/surfaces/widget/embed-frame-ancestors";

// Cheap by design: /api/v1 and /api/public/… are excluded by the matcher (their pipelines refuse or
// check keys themselves). Here:
// refuse a request that carries an API key (keys work only under /api/v1); give every page its security headers with
// a fresh CSP nonce and a request id; let pages learn their own path, for sign-in redirects that
// come back to the same page; and answer dashboard, portal and sign-in pages (and the mailed links)
// with a 503 page while the database is out of reach (a `SELECT 1` on a connection of its own,
// lib/platform/db/probe.ts), rather than a 500 each, from the first request on.
const NEEDS_DATABASE = new Set<RouteKind>(["dashboard", "auth", "portal", "embed"]);

export async function proxy(request: NextRequest) {
  if (carriesApiKey(request.headers)) {
    return errorResponse(new ApiError("API_KEY_SCOPE", API_KEY_SCOPE_MESSAGE));
  }
  const kind = routeKind(request.nextUrl.pathname);
  if (kind === "api") return NextResponse.next();

  const nonce = newNonce();
  const requestId = newRequestId();
  // The base security headers are already on the response (server.ts); a page adds its own.
  // An embed page may be framed only by the sites its workspace allows (a failed read allows none).
  const ancestors = kind === "embed" ? await embedFrameAncestors(request.nextUrl.pathname).catch(() => "'none'") : undefined;
  const security = pageOnlySecurityHeaders(kind, nonce, ancestors);
  if (NEEDS_DATABASE.has(kind) && (request.method === "GET" || request.method === "HEAD")) {
    const database = await freshProbe();
    if (!database.ok) {
      repeatedError.report("database-unavailable", { requestId, path: request.nextUrl.pathname, error: database.error }, "database unavailable: page answered 503");
      return new NextResponse(request.method === "HEAD" ? null : unavailablePage(nonce, requestId, "unreachable"), {
        status: 503,
        headers: {
          ...security,
          "Content-Type": "text/html; charset=utf-8",
          "Cache-Control": "no-store",
          "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS),
          "X-Request-Id": requestId,
        },
      });
    }
  }

  // The portal's language comes from its address (lib/surfaces/portal/portal-locale-route.ts): a language
  // segment is taken off and handed to the page as a header; a first visit may be sent on to the
  // visitor's language. Such a redirect depends on the visitor, so no shared cache may keep it.
  const portal = kind === "portal" ? await portalLocaleRoute(request) : null;
  if (portal?.kind === "redirect") {
    const target = request.nextUrl.clone();
    const [pathname, search = ""] = portal.location.split("?");
    target.pathname = pathname!;
    target.search = search ? `?${search}` : "";
    const redirect = NextResponse.redirect(target, 307);
    for (const [name, value] of Object.entries(security)) redirect.headers.set(name, value);
    redirect.headers.set("Cache-Control", "private, no-store");
    redirect.headers.set("Vary", "Accept-Language, Cookie");
    redirect.headers.set("X-Request-Id", requestId);
    if (portal.remember) {
      redirect.cookies.set(PORTAL_LOCALE_COOKIE, portal.remember, { path: target.pathname.split("/").slice(0, 3).join("/"), maxAge: 365 * 24 * 3600, sameSite: "lax" });
    }
    return redirect;
  }

  const headers = new Headers(request.headers);
  headers.set("x-pathname", request.nextUrl.pathname + request.nextUrl.search);
  headers.set("x-request-id", requestId);
  headers.set("x-nonce", nonce);
  headers.delete(PORTAL_LOCALE_HEADER);
  headers.delete(PORTAL_PREFIXED_HEADER);
  if (portal?.locale) headers.set(PORTAL_LOCALE_HEADER, portal.locale);
  // An embed page's language is the one the host page asked for (`?locale=`), so <html lang> says it too.
  const embedLocale = kind === "embed" ? request.nextUrl.searchParams.get("locale") : null;
  if (isPortalLocale(embedLocale)) headers.set(PORTAL_LOCALE_HEADER, embedLocale);
  if (portal?.prefixed) headers.set(PORTAL_PREFIXED_HEADER, "1");
  // Next reads the nonce for the scripts it inlines from the request's own CSP header.
  headers.set("Content-Security-Policy", security["Content-Security-Policy"]!);
  let response: NextResponse;
  if (portal?.prefixed) {
    const target = request.nextUrl.clone();
    target.pathname = portal.pathname;
    response = NextResponse.rewrite(target, { request: { headers } });
  } else {
    response = NextResponse.next({ request: { headers } });
  }
  for (const [name, value] of Object.entries(security)) response.headers.set(name, value);
  response.headers.set("X-Request-Id", requestId);
  return response;
}

/** The language route of a portal address (a failed settings read serves the page as it is: the page reports it). */
function portalLocaleRoute(request: NextRequest): Promise<PortalLocaleRoute | null> {
  return routePortalLocale({
    pathname: request.nextUrl.pathname,
    search: request.nextUrl.search,
    method: request.method,
    acceptLanguage: request.headers.get("accept-language"),
    cookie: request.cookies.get(PORTAL_LOCALE_COOKIE)?.value,
    isDataRequest: request.headers.has("rsc") || request.headers.has("next-router-prefetch"),
  });
}

export const config = {
  // /api/v1 runs its own pipeline; every route under /api/public/ refuses a key itself (its
  // first step) and answers from a cache on a hit, where the proxy's invocation was a large part
  // of the cost. Bare /api/public still comes here, so a key there is refused too.
  matcher: ["/((?!api/v1(?:/|$)|api/public/.|_next/static|_next/image|favicon.ico).*)"],
};
