import { carriesApiKey } from "@/lib/platform/auth/carries-api-key";
import { newRequestId } from "@/lib/platform/http/responses";
import { clientIp } from "@/lib/platform/server/client-ip";
import { countPublicRequest } from "@/lib/surfaces/public-api/rate-limit";
import { getCached, gzippedBody, laneOf, matchesIfNoneMatch, MAX_LINE_CHARS, rememberLine, type CachedAnswer, type LaneRecord } from "@/lib/platform/cache/response-cache";

// A cached public answer served before Next.js routes the request (a cache hit cost
// ~1.1 ms of CPU through Next's router and route-handler machinery, against 0.04 ms for the same
// bytes from a bare node:http server). The production server (server.ts) offers every GET and HEAD
// under /api/public/ to `answerFromCache` first; anything it does not answer goes to Next unchanged.
//
// It answers only what the route itself already answered from the same request line: each time
// the public pipeline (define-public-route.ts) finds or stores an answer, it records which cache
// entry that exact request — host, forwarding headers, path and query as received, stamped by the
// server — maps to. That index lives in the answer cache's own store and byte budget
// (response-cache.ts), and lines over MAX_LINE_CHARS are neither stamped nor kept.
// Nothing is parsed or validated here, so nothing can be answered differently: an unknown request
// line, an expired entry, a request carrying an API key, or one over its rate limit all go to Next,
// which answers them as always. A hit counts against the client's per-IP budget like any other.

/**
 * The request line the production server stamped on the request (host, forwarding headers, path
 * and query as received), replacing any the client sent; absent without that server (development,
 * tests) or when the line is too long to index, and then no lane is recorded or read.
 */
export const REQUEST_LINE_HEADER = "x-public-request-line";

/** The line server.ts stamps, or null when the request is too long to be worth indexing. */
export function requestLineOf(host: string, forwardedProto: string, forwardedHost: string, url: string): string | null {
  const line = JSON.stringify([host, forwardedProto, forwardedHost, url]);
  return line.length <= MAX_LINE_CHARS ? line : null;
}

/** Called by the public pipeline with the request it answered from cache entry `key`. */
export function rememberLane(request: Request, key: string, cacheControl: LaneRecord["cacheControl"]): void {
  const line = request.headers.get(REQUEST_LINE_HEADER);
  if (line) rememberLine(line, { key, cacheControl });
}

/** The CORS and nosniff headers of every public answer (define-public-route.ts). */
export const PUBLIC_CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers":
    "ETag, X-Request-Id, X-Cache, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, RateLimit-Policy, RateLimit, Retry-After",
  // Embeddable from pages that isolate themselves (COEP), like any public image or feed.
  "Cross-Origin-Resource-Policy": "cross-origin",
  "X-Content-Type-Options": "nosniff",
} as const;

/**
 * A cached answer's status, headers and body for one request: 304 when If-None-Match names its
 * ETag, no body for HEAD. `headers` comes in with the CORS and rate-limit headers already set.
 */
export function cachedAnswerParts(
  method: string,
  ifNoneMatch: string | null,
  answer: CachedAnswer,
  cacheControl: string,
  requestId: string,
  headers: Headers,
): { status: number; headers: Headers; body: string | null } {
  for (const [name, value] of Object.entries(answer.headers)) headers.set(name, value);
  headers.set("Cache-Control", cacheControl);
  headers.set("ETag", answer.etag);
  headers.set("X-Request-Id", requestId);
  if (matchesIfNoneMatch(ifNoneMatch, answer.etag)) return { status: 304, headers, body: null };
  headers.set("Content-Type", answer.contentType);
  return { status: answer.status, headers, body: method === "HEAD" ? null : answer.body };
}

export interface FastLaneRequest {
  method: string;
  /** The request line, as stamped in REQUEST_LINE_HEADER. */
  line: string;
  headers: Headers;
}

export interface FastLaneAnswer {
  status: number;
  headers: [string, string][];
  body: Uint8Array | null;
}

// What Next's own compression would send for the same answer (its threshold is 1 KiB); kept with
// the cached answer (and counted in its budget), so a hit compresses nothing.
const COMPRESS_FROM_BYTES = 1024;

/** The answer to a request the public pipeline answered before from cache, or null to let Next answer. */
export async function answerFromCache(request: FastLaneRequest): Promise<FastLaneAnswer | null> {
  const { headers } = request;
  const lane = laneOf(request.line);
  if (!lane || carriesApiKey(headers)) return null;
  const answer = getCached(lane.key);
  if (!answer) return null;
  const out = new Headers({ ...PUBLIC_CORS_HEADERS, "X-Cache": "HIT" });
  if (!(await countPublicRequest(clientIp(headers), out)).success) return null;
  const parts = cachedAnswerParts(request.method, headers.get("if-none-match"), answer, lane.cacheControl(answer), newRequestId(), out);
  let body: Uint8Array | null = parts.body === null ? null : Buffer.from(parts.body);
  if (body && body.length >= COMPRESS_FROM_BYTES) {
    parts.headers.set("Vary", "Accept-Encoding");
    if (/\bgzip\b/.test(headers.get("accept-encoding") ?? "")) {
      body = gzippedBody(lane.key, answer, body);
      parts.headers.set("Content-Encoding", "gzip");
    }
  }
  if (body) parts.headers.set("Content-Length", String(body.length));
  return { status: parts.status, headers: [...parts.headers], body };
}
