import type { z } from "zod";
import type { ApiResult, RouteHandler } from "@/lib/surfaces/api/define-route";
import { asFallback, withEndpoint, type MediaOperation, type Operation } from "@/lib/surfaces/api/operation";
import { ApiError } from "@/lib/platform/http/error-codes";
import { carriesApiKey, API_KEY_SCOPE_MESSAGE } from "@/lib/platform/auth/carries-api-key";
import { zodDetails } from "@/lib/platform/core/zod-details";
import { errorResponse, newRequestId } from "@/lib/platform/http/responses";
import { toApiError } from "@/lib/surfaces/api/to-api-error";
import { PUBLIC_AUDIENCE, type Audience } from "@/lib/platform/core/audience";
import { scopedDb, type ScopedDb } from "@/lib/platform/db/scoped";
import { publicOrigin } from "@/lib/platform/config/site-url";
import { clientIp } from "@/lib/platform/server/client-ip";
import { getPublishedWorkspaceOrThrow, isPossibleSlug, WORKSPACE_NOT_FOUND, type PublishedWorkspace } from "@/lib/domain/workspaces/find-published-workspace";
import { rateLimitIp } from "./rate-limit";
import { cachedAnswerParts, PUBLIC_CORS_HEADERS, rememberLane } from "@/lib/surfaces/public-api/fast-lane";
import { cacheKey } from "@/lib/platform/cache/namespaces";
import { etagOf, getCached, putCached, type CachedAnswer } from "@/lib/platform/cache/response-cache";

// The /api/public pipeline, the key-free sibling of lib/surfaces/api/define-route.ts. In order:
//   1 a request carrying an API key → 403 API_KEY_SCOPE (proxy.ts does it first; this repeats it
//     so a proxy bypass changes nothing) · 2 per-IP rate limit → 429 · 3 path params → 404,
//     query → 400 · 4 the response cache: a hit answers here, without any database query ·
//   5 the published workspace by slug → 404 (one body for unknown and unpublished) · 6 the
//     handler, through the workspace-scoped accessor · 7 ETag, 304 on If-None-Match.
// Every answer carries CORS for any origin, X-Request-Id and (after step 2) the X-RateLimit-*
// headers; anything thrown becomes the same error envelope as /api/v1. Once steps 1-4 have answered
// a request line from the cache, the production server answers the same line's next hits before
// Next routes it (fast-lane.ts): steps 1, 2, 4 and 7 again, the rest already known.

export const CACHE_POLICIES = {
  /** The status endpoint and its badge: fresh within seconds. */
  status: { ttlMs: 10_000, staleMs: 30_000 },
  /** Boards, posts, roadmap, changelog and its feed. */
  content: { ttlMs: 60_000, staleMs: 300_000 },
} as const;
export type CachePolicy = keyof typeof CACHE_POLICIES;

export interface PublicContext {
  requestId: string;
  workspace: PublishedWorkspace;
  db: ScopedDb;
  /** Who asks: always the public (a key-free answer is cached and shared across everyone). */
  audience: Audience;
  /** The configured public URL (else the scheme and host the client used), for absolute links (feeds). */
  origin: string;
}

/**
 * JSON (the same envelope as /api/v1), or a finished body of another type (SVG, Atom). `validUntil`
 * is the next time-based boundary the answer depends on (a scheduled note going live, a
 * maintenance window starting or ending): no cache, ours or a shared one, keeps the
 * answer past it.
 */
export type PublicResult = (ApiResult | { body: string; contentType: string; headers?: Record<string, string> }) & { validUntil?: Date | null };

interface PublicSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
}

export interface PublicRouteSpec<S extends PublicSchemas = PublicSchemas> {
  cache: CachePolicy;
  schemas?: S;
  /** Its OpenAPI operation (lib/surfaces/api/operation.ts): a JSON `response`, or the `media` of another body. */
  operation: Operation | MediaOperation;
}

/** A public route, as the OpenAPI document and the route tables see it. */
export interface PublicEndpoint {
  kind: "public";
  spec: PublicRouteSpec;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
export type PublicInput<S extends PublicSchemas> = { params: Out<S["params"]>; query: Out<S["query"]> };

export const PUBLIC_METHODS = "GET, HEAD, OPTIONS";
// Concurrent misses for the same answer share one computation, so an expired hot entry costs one
// round of queries, not one per waiting client.
const inflight = new Map<string, Promise<CachedAnswer>>();

/**
 * The name a route's cache entries are keyed under: its operation id, which the OpenAPI document
 * already requires to be unique. Named, not counted, so that two routes can never share entries
 * whatever order their modules load in (tests/public/cache-names.test.ts checks the table).
 */
export function cacheNameOf(spec: Pick<PublicRouteSpec, "operation">): string {
  return spec.operation.id;
}

export function definePublicRoute<S extends PublicSchemas>(
  spec: PublicRouteSpec<S>,
  handler: (input: PublicInput<S>, ctx: PublicContext) => Promise<PublicResult>,
): RouteHandler & { readonly endpoint: PublicEndpoint } {
  const policy = CACHE_POLICIES[spec.cache];
  // Each route keys its own cache entries: (route's name, origin, validated params and query).
  const cacheName = cacheNameOf(spec);
  const endpoint: PublicEndpoint = { kind: "public", spec: spec as PublicRouteSpec };
  return withEndpoint(async (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => {
    const requestId = newRequestId();
    const headers = new Headers(PUBLIC_CORS_HEADERS);
    try {
      if (carriesApiKey(request.headers)) throw new ApiError("API_KEY_SCOPE", API_KEY_SCOPE_MESSAGE);
      await rateLimitIp(clientIp(request.headers), headers);
      const rawParams = await context.params;
      const slug = typeof rawParams.workspace === "string" ? rawParams.workspace : "";
      const input = parseInput(request, rawParams, spec.schemas ?? {}) as PublicInput<S>;
      const origin = publicOrigin();
      const key = cacheKey("public-answer", slug, { route: cacheName, origin, input });

      let answer = getCached(key);
      headers.set("X-Cache", answer ? "HIT" : "MISS");
      if (!answer) {
        let pending = inflight.get(key);
        if (!pending) {
          pending = compute(slug, origin, input, requestId, policy, handler).finally(() => inflight.delete(key));
          inflight.set(key, pending);
        }
        answer = await pending;
        putCached(key, answer);
      }
      // The next identical request line may be answered before Next routes it (fast-lane.ts).
      rememberLane(request, key, (cached) => cacheControlOf(policy, cached));
      return answerResponse(request, answer, cacheControlOf(policy, answer), requestId, headers);
    } catch (error) {
      return errorResponse(toApiError(error, requestId), requestId, headers);
    }
  }, endpoint);
}

async function compute<S extends PublicSchemas>(
  slug: string,
  origin: string,
  input: PublicInput<S>,
  requestId: string,
  policy: (typeof CACHE_POLICIES)[CachePolicy],
  handler: (input: PublicInput<S>, ctx: PublicContext) => Promise<PublicResult>,
): Promise<CachedAnswer> {
  const workspace = await getPublishedWorkspaceOrThrow(slug);
  const { validUntil, ...result } = await handler(input, { requestId, workspace, db: scopedDb(workspace.id), audience: PUBLIC_AUDIENCE, origin });
  const finished =
    "body" in result
      ? { body: result.body, contentType: result.contentType, headers: result.headers ?? {} }
      : { body: JSON.stringify({ success: true, ...result }), contentType: "application/json; charset=utf-8", headers: {} };
  const validUntilMs = validUntil ? validUntil.getTime() : null;
  return {
    status: 200,
    ...finished,
    etag: etagOf(finished.body),
    expiresAt: Math.min(Date.now() + policy.ttlMs, validUntilMs ?? Infinity),
    validUntil: validUntilMs,
  };
}

/**
 * Browsers and shared caches in front (a CDN, a caching reverse proxy: s-maxage) may keep an
 * answer as long as ours does and serve it stale while revalidating — but never past its next
 * time-based boundary: near one, both ages shrink to the time left and the stale window to what
 * remains after it. Public answers never depend on who asks (no session is read here), so one
 * shared copy serves everyone.
 */
export function cacheControlOf(policy: (typeof CACHE_POLICIES)[CachePolicy], answer: Pick<CachedAnswer, "validUntil">, now = Date.now()): string {
  const ages = (seconds: number) => `public, max-age=${seconds}, s-maxage=${seconds}`;
  const full = `${ages(policy.ttlMs / 1000)}, stale-while-revalidate=${policy.staleMs / 1000}`;
  if (answer.validUntil === null || answer.validUntil >= now + policy.ttlMs + policy.staleMs) return full;
  const secondsLeft = Math.max(0, Math.floor((answer.validUntil - now) / 1000));
  const maxAge = Math.min(policy.ttlMs / 1000, secondsLeft);
  const stale = secondsLeft - maxAge;
  return stale > 0 ? `${ages(maxAge)}, stale-while-revalidate=${stale}` : ages(maxAge);
}

function answerResponse(request: Request, answer: CachedAnswer, cacheControl: string, requestId: string, headers: Headers): Response {
  const parts = cachedAnswerParts(request.method, request.headers.get("if-none-match"), answer, cacheControl, requestId, headers);
  return new Response(parts.body, { status: parts.status, headers: parts.headers });
}

function parseInput(request: Request, rawParams: Record<string, string | string[]>, schemas: PublicSchemas) {
  // A slug that cannot exist answers exactly like an unknown or unpublished one.
  if (typeof rawParams.workspace !== "string" || !isPossibleSlug(rawParams.workspace)) throw new ApiError("NOT_FOUND", WORKSPACE_NOT_FOUND);
  let params: unknown;
  if (schemas.params) {
    const parsed = schemas.params.safeParse(rawParams);
    // A path id that cannot exist is simply not found.
    if (!parsed.success) throw new ApiError("NOT_FOUND", "No such resource.");
    params = parsed.data;
  }
  let query: unknown;
  if (schemas.query) {
    const searchParams = new URL(request.url).searchParams;
    const raw: Record<string, string | string[]> = {};
    for (const name of new Set(searchParams.keys())) {
      const values = searchParams.getAll(name);
      raw[name] = values.length === 1 ? values[0]! : values;
    }
    const parsed = schemas.query.safeParse(raw);
    if (!parsed.success) throw new ApiError("VALIDATION_ERROR", "The query string is not valid.", zodDetails(parsed.error));
    query = parsed.data;
  }
  return { params, query };
}

/** CORS preflight: any origin may GET; no credentials and no Authorization (keys are refused here). */
export const publicPreflight: RouteHandler = asFallback(async (request: Request) => {
  if (carriesApiKey(request.headers)) return errorResponse(new ApiError("API_KEY_SCOPE", API_KEY_SCOPE_MESSAGE), newRequestId(), PUBLIC_CORS_HEADERS);
  return new Response(null, {
    status: 204,
    headers: {
      ...PUBLIC_CORS_HEADERS,
      "Access-Control-Allow-Methods": PUBLIC_METHODS,
      "Access-Control-Allow-Headers": "If-None-Match, Cache-Control, Content-Type",
      "Access-Control-Max-Age": "86400",
      Allow: PUBLIC_METHODS,
      "X-Request-Id": newRequestId(),
    },
  });
});

const methodNotAllowed: RouteHandler = asFallback(async (request: Request) =>
  errorResponse(new ApiError("METHOD_NOT_ALLOWED", `${request.method} is not allowed here. Allowed: ${PUBLIC_METHODS}.`), newRequestId(), {
    ...PUBLIC_CORS_HEADERS,
    Allow: PUBLIC_METHODS,
  }),
);

/** A public route file's exports: `export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoutes(get)`. */
export function publicRoutes(get: RouteHandler) {
  return { GET: get, HEAD: get, OPTIONS: publicPreflight, POST: methodNotAllowed, PUT: methodNotAllowed, PATCH: methodNotAllowed, DELETE: methodNotAllowed };
}

/** Paths under /api/public that no route claims: the same 404 envelope, with CORS. */
export const publicNotFound: RouteHandler = asFallback(async (request: Request) => {
  if (carriesApiKey(request.headers)) return errorResponse(new ApiError("API_KEY_SCOPE", API_KEY_SCOPE_MESSAGE), newRequestId(), PUBLIC_CORS_HEADERS);
  return errorResponse(new ApiError("NOT_FOUND", "No such endpoint. The public API reference: /docs/api."), newRequestId(), PUBLIC_CORS_HEADERS);
});
