import { NextResponse, type NextRequest } from "next/server";
import { ApiError } from "@/lib/api/error-codes";
import { API_KEY_SCOPE_MESSAGE, carriesApiKey } from "@/lib/auth/carries-api-key";
import { errorResponse, newRequestId } from "@/lib/api/responses";
import { freshProbe } from "@/lib/db/probe";
import { repeatedError } from "@/lib/log/repeated";
import { newNonce, pageOnlySecurityHeaders, routeKind, type RouteKind } from "@/lib/security/headers";
import { UNAVAILABLE_RETRY_AFTER_SECONDS, unavailablePage } from "@/lib/security/unavailable-page";

// Cheap by design: /api/v1 and /api/public/… are excluded by the matcher (their pipelines refuse or
// check keys themselves). Here:
// refuse a request that carries an API key (keys work only under /api/v1); give every page its security headers with
// a fresh CSP nonce and a request id; let pages learn their own path, for sign-in redirects that
// come back to the same page; and answer dashboard, portal and sign-in pages (and the mailed links)
// with a 503 page while the database is out of reach (a `SELECT 1` on a connection of its own,
// lib/db/probe.ts), rather than a 500 each, from the first request on.
const NEEDS_DATABASE = new Set<RouteKind>(["dashboard", "auth", "portal"]);

export async function proxy(request: NextRequest) {
  if (carriesApiKey(request.headers)) {
    return errorResponse(new ApiError("API_KEY_SCOPE", API_KEY_SCOPE_MESSAGE));
  }
  const kind = routeKind(request.nextUrl.pathname);
  if (kind === "api") return NextResponse.next();

  const nonce = newNonce();
  const requestId = newRequestId();
  // The base security headers are already on the response (server.ts); a page adds its own.
  const security = pageOnlySecurityHeaders(kind, nonce);
  if (NEEDS_DATABASE.has(kind) && (request.method === "GET" || request.method === "HEAD")) {
    const database = await freshProbe();
    if (!database.ok) {
      repeatedError.report("database-unavailable", { requestId, path: request.nextUrl.pathname, error: database.error }, "database unavailable: page answered 503");
      return new NextResponse(request.method === "HEAD" ? null : unavailablePage(nonce, requestId), {
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

  const headers = new Headers(request.headers);
  headers.set("x-pathname", request.nextUrl.pathname + request.nextUrl.search);
  headers.set("x-request-id", requestId);
  headers.set("x-nonce", nonce);
  // Next reads the nonce for the scripts it inlines from the request's own CSP header.
  headers.set("Content-Security-Policy", security["Content-Security-Policy"]!);
  const response = NextResponse.next({ request: { headers } });
  for (const [name, value] of Object.entries(security)) response.headers.set(name, value);
  response.headers.set("X-Request-Id", requestId);
  return response;
}

export const config = {
  // /api/v1 runs its own pipeline; every route under /api/public/ refuses a key itself (its
  // first step) and answers from a cache on a hit, where the proxy's invocation was a large part
  // of the cost. Bare /api/public still comes here, so a key there is refused too.
  matcher: ["/((?!api/v1(?:/|$)|api/public/.|_next/static|_next/image|favicon.ico).*)"],
};
