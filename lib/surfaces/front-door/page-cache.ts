import type { IncomingMessage, ServerResponse } from "node:http";
import { parsePortalPath } from "@/lib/platform/i18n/locales";
import { routePortalLocale } from "@/lib/surfaces/portal/portal-locale-route";
import { PORTAL_CACHE_CONTROL, SESSION_COOKIES } from "@/lib/platform/cache/portal-cache-headers.mjs";
import { parseThemePreference, THEME_COOKIE } from "@/lib/platform/theme/preference";
import { newRequestId } from "@/lib/platform/http/responses";
import { nextPortalBoundary } from "@/lib/surfaces/portal/portal-boundary";
import { isViewerHintCookie } from "@/lib/platform/auth/viewer-hint";
import { cacheKey } from "@/lib/platform/cache/namespaces";
import { etagOf, getCached, pageCacheTtlMs, gzippedBody, invalidatedSince, matchesIfNoneMatch, MAX_LINE_CHARS, putCached, renderStarted, type CachedAnswer } from "@/lib/platform/cache/response-cache";

// Portal pages (home, board, post, roadmap, changelog, a note, status) served from the in-process
// public cache by the production server's front door, before Next.js sees the request.
// A status page costs ~26 ms of CPU to render and is what takes the traffic during an outage; a hit
// here costs a lookup and a write.
//
// One page for everyone, signed in or not. The portal's pages never render who is looking: the
// visitor's name, votes and comment box are asked for by the page's own script afterwards
// (components/portal/viewer.tsx, from /p/{workspace}/viewer). A signed-in visitor is answered the
// cached page like anyone; when it must be rendered, their session cookies are taken off the request
// first, so the render that is kept is a signed-out one by construction and can carry nobody's state.
// The answer to them still says `private, no-store`, as every answer to a session does.
//
// What else makes a page shareable: a plain page visit (not a client navigation's RSC fetch, not a
// server action), and Next answered it 200, as HTML, without setting a cookie.
// Everything else the page depends on is in the key: the language actually served (worked out with
// the proxy's own rules, so a visitor whose cookie or browser language would be redirected is sent
// to Next, which redirects them: a German page is never the answer to a French address or a first
// visit meant for another language), the theme cookie, the host and forwarding headers (absolute
// links), and the path and query as received.
//
// Entries sit in the public answer cache (response-cache.ts) under the workspace's slug, so they
// share its byte budget (PUBLIC_CACHE_MAX_BYTES, keys counted) and are dropped with the workspace's
// JSON answers: by a write in this process, or by a database notice from any instance
// (lib/platform/cache/public-cache-listener.ts). None outlives the workspace's next time-based boundary (a
// scheduled note going live, a maintenance window starting or ending) nor PUBLIC_PAGE_CACHE_TTL_SECONDS.
//
// The CSP nonce. The proxy gives each rendered page a fresh nonce, written both into the page's
// script tags and its Content-Security-Policy header; a cached page is replayed with the header it
// was rendered with, so the two always agree. A replayed nonce is public (anyone can fetch the page),
// which would matter only if text an attacker wrote could appear in the same bytes carrying it: but
// every write that can change a portal page drops that page, and its next render draws a new nonce,
// so any text rendered beside a nonce was written before that nonce existed. (A CDN sharing the page
// replays it the same way.)

/** Pages whose signed-out render may be shared: the rest of the path after the slug (and language). */
const CACHEABLE = [/^\/?$/, /^\/boards\/[^/]+$/, /^\/posts\/[^/]+$/, /^\/roadmap$/, /^\/changelog$/, /^\/changelog\/[^/]+$/, /^\/status$/];
// Headers of the rendered answer not replayed: per request or per connection, or set anew on a hit.
const NOT_REPLAYED = new Set(["set-cookie", "date", "connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "x-request-id", "etag", "cache-control", "x-cache"]);
const COMPRESS_FROM_BYTES = 1024;

export function pageCacheEnabled(env: Record<string, string | undefined> = process.env): boolean {
  return env.PUBLIC_PAGE_CACHE !== "off";
}

function cookiesOf(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0) cookies.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  return cookies;
}

const isSessionCookie = (name: string) => SESSION_COOKIES.some((session) => name === session || name.startsWith(`${session}.`));

/** A session cookie, whole or in next-auth's chunks (name.0, name.1, …). */
export function carriesSession(cookieHeader: string | undefined): boolean {
  for (const name of cookiesOf(cookieHeader).keys()) if (isSessionCookie(name)) return true;
  return false;
}

/** The Cookie header without its session cookies (undefined when nothing else is left). */
export function withoutSessionCookies(cookieHeader: string): string | undefined {
  const kept = cookieHeader.split(";").filter((part) => {
    const at = part.indexOf("=");
    return at > 0 && !isSessionCookie(part.slice(0, at).trim());
  });
  return kept.length ? kept.map((part) => part.trim()).join("; ") : undefined;
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(", ") : (value ?? ""));

export interface PageKey {
  key: string;
  slug: string;
  /** The status page: a shorter life in shared caches (it follows incidents closely). */
  status: boolean;
}

/** The cache key of a page visit (signed in or not), or null when its answer may not be shared. */
export async function pageKeyOf(request: Pick<IncomingMessage, "method" | "url" | "headers">): Promise<PageKey | null> {
  const { method, url = "", headers } = request;
  if (method !== "GET" && method !== "HEAD") return null;
  if (!url.startsWith("/p/") || url.length > MAX_LINE_CHARS) return null;
  if (headers.rsc !== undefined || headers["next-router-prefetch"] !== undefined || headers["next-action"] !== undefined) return null;
  const queryAt = url.indexOf("?");
  const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
  const parsed = parsePortalPath(pathname);
  if (!parsed || !CACHEABLE.some((page) => page.test(parsed.rest))) return null;
  const cookies = cookiesOf(single(headers.cookie));
  const route = await routePortalLocale({
    pathname,
    search: queryAt < 0 ? "" : url.slice(queryAt),
    method,
    acceptLanguage: single(headers["accept-language"]) || null,
    cookie: cookies.get("portal-locale"),
    isDataRequest: false,
  });
  // A redirect depends on the visitor, and an unknown portal has no language: Next answers both.
  if (route?.kind !== "serve" || !route.locale) return null;
  const variant = [route.locale, single(headers.host), single(headers["x-forwarded-proto"]), single(headers["x-forwarded-host"]), url, parseThemePreference(cookies.get(THEME_COOKIE))];
  return { key: cacheKey("portal-page", parsed.slug, variant), slug: parsed.slug, status: parsed.rest === "/status" };
}

/**
 * What picks the variant of a portal page besides its address: the theme and language cookies
 * (and the session cookie, which makes the page private) and the browser's languages, which decide
 * whether an address without a language is served or redirected. A shared cache in front must keep
 * one copy per value of each, or it would hand one visitor's theme or language to the next.
 */
export const PORTAL_PAGE_VARY = ["Cookie", "Accept-Language"];

function varyTokens(value: unknown): string[] {
  const joined = Array.isArray(value) ? value.join(",") : typeof value === "string" || typeof value === "number" ? String(value) : "";
  return joined.split(",").map((token) => token.trim()).filter(Boolean);
}

/** `existing` plus PORTAL_PAGE_VARY, each name once. */
export function withPortalVary(...existing: unknown[]): string {
  const names = new Map<string, string>();
  for (const token of [...existing.flatMap(varyTokens), ...PORTAL_PAGE_VARY]) if (!names.has(token.toLowerCase())) names.set(token.toLowerCase(), token);
  return [...names.values()].join(", ");
}

/**
 * Makes every answer written on `response` name PORTAL_PAGE_VARY in its Vary header, whoever writes
 * it: Next.js replaces a page's Vary with its own (its router headers), so the names are added as
 * the headers go out rather than set beforehand.
 */
export function varyByVisitor(response: ServerResponse): void {
  const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => ServerResponse;
  response.writeHead = ((status: number, ...rest: unknown[]) => {
    const given = rest.find((arg): arg is Record<string, unknown> => typeof arg === "object" && arg !== null && !Array.isArray(arg));
    const key = given && Object.keys(given).find((name) => name.toLowerCase() === "vary");
    if (given && key) given[key] = withPortalVary(response.getHeader("vary"), given[key]);
    else if (!Array.isArray(rest.find((arg) => typeof arg === "object"))) response.setHeader("Vary", withPortalVary(response.getHeader("vary")));
    return writeHead(status, ...rest);
  }) as ServerResponse["writeHead"];
}

function cacheControlOf(page: PageKey, answer: CachedAnswer, now = Date.now()): string {
  const full = page.status ? PORTAL_CACHE_CONTROL.status : PORTAL_CACHE_CONTROL.page;
  if (answer.validUntil === null) return full;
  // A shared cache in front must not keep it past the boundary either.
  const left = Math.max(0, Math.floor((answer.validUntil - now) / 1000));
  return full.replace(/s-maxage=(\d+), stale-while-revalidate=(\d+)/, (_, age: string, stale: string) => `s-maxage=${Math.min(Number(age), left)}, stale-while-revalidate=${Math.min(Number(stale), Math.max(0, left - Math.min(Number(age), left)))}`);
}

/** Writes a cached page; `signedIn`: the answer is private to its visitor whatever the page allowed. */
function writeHit(request: IncomingMessage, response: ServerResponse, page: PageKey, answer: CachedAnswer, signedIn: boolean): void {
  for (const [name, value] of Object.entries(answer.headers)) response.setHeader(name, value);
  response.setHeader("Cache-Control", signedIn ? PORTAL_CACHE_CONTROL.signedIn : cacheControlOf(page, answer));
  response.setHeader("ETag", answer.etag);
  response.setHeader("X-Request-Id", newRequestId());
  response.setHeader("X-Cache", "HIT");
  if (matchesIfNoneMatch(single(request.headers["if-none-match"]) || null, answer.etag)) {
    response.statusCode = 304;
    return void response.end();
  }
  let body: Buffer = Buffer.from(answer.body);
  if (body.length >= COMPRESS_FROM_BYTES) {
    response.setHeader("Vary", [answer.headers.vary, "Accept-Encoding"].filter(Boolean).join(", "));
    if (/\bgzip\b/.test(single(request.headers["accept-encoding"]))) {
      body = gzippedBody(page.key, answer, body);
      response.setHeader("Content-Encoding", "gzip");
    }
  }
  response.setHeader("Content-Type", answer.contentType);
  response.setHeader("Content-Length", String(body.length));
  response.statusCode = answer.status;
  response.end(request.method === "HEAD" ? undefined : body);
}

/** Whether the answer sets a cookie of its own: the front door's viewer hint is no part of the page. */
function setsCookie(response: ServerResponse): boolean {
  const given = response.getHeader("set-cookie");
  const values = Array.isArray(given) ? given : given === undefined ? [] : [String(given)];
  return values.some((value) => !isViewerHintCookie(value));
}

/** A render's answer as kept: the HTML and the headers replayed with it. */
export interface CapturedRender {
  body: string;
  contentType: string;
  headers: Record<string, string>;
}

/**
 * Renders through `handle` while keeping a copy of what it writes; resolves the copy when it may be
 * shared (200, HTML, a GET, no cookie set), else null. Compression is left to the hit path: the
 * render is asked for identity bytes, the form the cache keeps.
 */
export async function captureRender(request: IncomingMessage, response: ServerResponse, handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>): Promise<CapturedRender | null> {
  delete request.headers["accept-encoding"];
  delete request.headers["if-none-match"];
  delete request.headers["if-modified-since"];
  const chunks: Buffer[] = [];
  const write = response.write.bind(response) as (...args: unknown[]) => boolean;
  const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    chunks.push(typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.from(chunk as Uint8Array));
  };
  const finished = new Promise<void>((resolve) => {
    // Only this response's own methods are wrapped, for the one render.
    response.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as ServerResponse["write"];
    response.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      resolve();
      return end(chunk, ...rest);
    }) as ServerResponse["end"];
    // A visitor who leaves mid-render: nothing to keep, and those waiting on this render go on.
    response.once("close", resolve);
  });
  response.setHeader("X-Cache", "MISS");
  await handle(request, response);
  await finished;

  const contentType = String(response.getHeader("content-type") ?? "");
  if (!response.writableEnded || response.statusCode !== 200 || setsCookie(response) || !contentType.startsWith("text/html") || request.method !== "GET") return null;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders())) {
    if (!NOT_REPLAYED.has(name) && value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : String(value);
  }
  delete headers["content-type"];
  return { body: Buffer.concat(chunks).toString("utf8"), contentType, headers };
}

/** Renders through `handle` and keeps the page when it may be shared and no change came during the render. */
async function renderAndStore(request: IncomingMessage, response: ServerResponse, key: string, slug: string, handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>): Promise<void> {
  const started = renderStarted();
  const now = Date.now();
  const captured = await captureRender(request, response, handle);
  if (!captured || invalidatedSince(slug, started)) return;
  const boundary = await nextPortalBoundary(slug, new Date(now)).catch(() => undefined);
  if (boundary === undefined || invalidatedSince(slug, started)) return;
  const validUntil = boundary?.getTime() ?? null;
  const { body, contentType, headers } = captured;
  putCached(key, { status: 200, body, contentType, etag: etagOf(body), headers, expiresAt: Math.min(now + pageCacheTtlMs(), validUntil ?? Infinity), validUntil });
}

/** An answer to a session never goes into a shared cache, whatever the render's rules said. */
function keepPrivate(response: ServerResponse): void {
  const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => ServerResponse;
  response.writeHead = ((...args: unknown[]) => {
    const given = args.find((arg): arg is Record<string, unknown> => typeof arg === "object" && arg !== null && !Array.isArray(arg));
    const key = given && Object.keys(given).find((name) => name.toLowerCase() === "cache-control");
    if (given && key) given[key] = PORTAL_CACHE_CONTROL.signedIn;
    else if (!args.some(Array.isArray)) response.setHeader("Cache-Control", PORTAL_CACHE_CONTROL.signedIn);
    return writeHead(...args);
  }) as ServerResponse["writeHead"];
}

function waitAtMost(pending: Promise<void>, ms: number): Promise<void> {
  if (!Number.isFinite(ms)) return pending;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, ms))));
  return Promise.race([pending, timeout]).finally(() => clearTimeout(timer));
}

// Concurrent misses for one key: the first renders, the rest wait for it and then read the cache.
const rendering = new Map<string, Promise<void>>();

/**
 * The kept answer under `page.key`; else the answer of a render of it already under way, waited for
 * at most `waitForOthersMs`; else `render` (which renders and keeps), with others waiting on it.
 * Returns false, having written nothing, when the wait ran out or that render kept nothing: the
 * request then goes on alone.
 */
export async function answerOrRender(request: IncomingMessage, response: ServerResponse, page: PageKey, signedIn: boolean, waitForOthersMs: number, render: () => Promise<void>): Promise<boolean> {
  const hit = getCached(page.key);
  if (hit) return writeHit(request, response, page, hit, signedIn), true;
  const pending = rendering.get(page.key);
  if (pending) {
    // Bounded, like any wait for a place: a render slowed by overload, or one whose result a write
    // then made unusable, must not hold every visitor of the page behind it. Past the bound the
    // visitor goes on alone (to the admission gate, which by then refuses unless a place is free).
    await waitAtMost(pending, waitForOthersMs);
    const rendered = getCached(page.key);
    if (rendered) return writeHit(request, response, page, rendered, signedIn), true;
    return false;
  }
  const rendered = render();
  rendering.set(page.key, rendered.catch(() => {}));
  try {
    await rendered;
  } finally {
    rendering.delete(page.key);
  }
  return true;
}

/**
 * Answers a signed-out portal page from the cache, or renders it through `handle` (storing it when
 * it may be shared). Returns false, having written nothing, when the request is not one to cache.
 */
export async function servePortalPage(
  request: IncomingMessage,
  response: ServerResponse,
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
  { waitForOthersMs = Infinity }: { waitForOthersMs?: number } = {},
): Promise<boolean> {
  if (!pageCacheEnabled()) return false;
  const page = await pageKeyOf(request).catch(() => null);
  if (!page) return false;
  const cookie = single(request.headers.cookie);
  const signedIn = carriesSession(cookie);
  return answerOrRender(request, response, page, signedIn, waitForOthersMs, () => {
    if (signedIn) {
      // The render that is kept is rendered for nobody: what Next sees is a signed-out visit.
      const rest = withoutSessionCookies(cookie);
      if (rest === undefined) delete request.headers.cookie;
      else request.headers.cookie = rest;
      keepPrivate(response);
    }
    return renderAndStore(request, response, page.key, page.slug, handle);
  });
}
