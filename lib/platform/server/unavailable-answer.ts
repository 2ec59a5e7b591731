import type { IncomingMessage, ServerResponse } from "node:http";
import { newRequestId } from "@/lib/platform/http/responses";
import { watchDatabase, type DatabaseWatch } from "@/lib/platform/db/unavailable-watch";
import { repeatedError } from "@/lib/platform/log/repeated";
import { newNonce, pageOnlySecurityHeaders, routeKind } from "@/lib/platform/security/headers";
import { UNAVAILABLE_RETRY_AFTER_SECONDS, unavailablePage } from "@/lib/platform/security/unavailable-page";
import { pathForLog } from "./request-target";

// A rendered page whose database work failed as "unavailable" answers the styled 503 page with
// Retry-After, as the API answers 503 with its envelope. The proxy already answers that page while
// the database does not answer at all (lib/platform/db/probe.ts); this covers what the probe cannot see: a
// busy pool that had no connection for the page within DATABASE_CONNECT_TIMEOUT_MS (the probe has
// a connection of its own), or an outage that began while the page rendered. Next.js renders such
// a failure as its error page with a 500, so the answer is changed here, at the moment Next starts
// writing it: a 500 from a page that noted an unavailable database (lib/platform/db/unavailable-watch.ts)
// becomes the 503 page. Anything else, and a page already streaming, goes out untouched.

type Handler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;
type Writer = (...args: unknown[]) => unknown;

const HEADERS_NOT_KEPT = ["content-length", "content-encoding", "transfer-encoding", "etag", "last-modified", "x-nextjs-cache", "x-nextjs-prerender", "x-nextjs-stale-time"];

/** Whether a request is a page visit this applies to: GET or HEAD, neither the API nor Next's own files. */
function isPageVisit(request: IncomingMessage): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const path = pathForLog(request.url);
  return routeKind(path) !== "api" && !path.startsWith("/_next/");
}

function writeUnavailable(request: IncomingMessage, response: ServerResponse, own: { writeHead: Writer; end: Writer }): void {
  const requestId = String(response.getHeader("x-request-id") ?? "") || newRequestId();
  const path = pathForLog(request.url);
  repeatedError.report("database-unavailable", { requestId, path, reason: "a page's database work failed" }, "database unavailable: page answered 503");
  const nonce = newNonce();
  const body = unavailablePage(nonce, requestId, "unreachable-or-busy");
  for (const name of HEADERS_NOT_KEPT) response.removeHeader(name);
  const headers = {
    ...pageOnlySecurityHeaders(routeKind(path), nonce),
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS),
    "X-Request-Id": requestId,
    "Content-Length": String(Buffer.byteLength(body)),
  };
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  // The head is written here, by the response's own method: through this.writeHead, Next's
  // compression (wrapped around it) would declare a gzip body for these plain bytes.
  own.writeHead.call(response, 503, "Service Unavailable");
  own.end.call(response, request.method === "HEAD" ? undefined : body);
}

/** What Next writes after its answer was replaced: taken and dropped, callbacks called. */
function swallow(response: ServerResponse) {
  const done = (args: unknown[]) => {
    const callback = args.findLast((arg) => typeof arg === "function") as (() => void) | undefined;
    if (callback) process.nextTick(callback);
  };
  return {
    writeHead: () => response,
    flushHeaders: () => {},
    write: (...args: unknown[]) => (done(args), true),
    end: (...args: unknown[]) => (done(args), response),
  };
}

/**
 * Watches the response until Next starts writing it (the status is settled then, and nothing has
 * been sent): a 500 after an unavailable database becomes the 503 page, anything else goes through.
 * The wrappers stay in place and only forward once decided: Next wraps the same methods again
 * after this (its compression does), and putting the originals back cut those wrappers out, so
 * that every page's connection stayed open after its answer.
 */
function guardAnswer(request: IncomingMessage, response: ServerResponse, watch: DatabaseWatch): void {
  const own = response as unknown as Record<"writeHead" | "flushHeaders" | "write" | "end", Writer>;
  const original = { writeHead: own.writeHead, flushHeaders: own.flushHeaders, write: own.write, end: own.end };
  const dropped = swallow(response);
  let state: "open" | "writing" | "passed" | "replaced" = "open";
  /** Whether this call belongs to Next's replaced answer (and is dropped). */
  const drop = (status: number): boolean => {
    if (state === "open") {
      if (status === 500 && watch.unavailable && !response.headersSent) {
        state = "writing";
        writeUnavailable(request, response, original);
        state = "replaced";
      } else state = "passed";
    }
    return state === "replaced";
  };
  own.writeHead = (...args: unknown[]) => (drop(Number(args[0])) ? dropped.writeHead() : original.writeHead.apply(response, args));
  own.flushHeaders = (...args: unknown[]) => (drop(response.statusCode) ? dropped.flushHeaders() : original.flushHeaders.apply(response, args));
  own.write = (...args: unknown[]) => (drop(response.statusCode) ? dropped.write(...args) : original.write.apply(response, args));
  own.end = (...args: unknown[]) => (drop(response.statusCode) ? dropped.end(...args) : original.end.apply(response, args));
}

/** `handle`, with a page visit that fails for want of the database answered 503 rather than 500. */
export function answeringUnavailable(handle: Handler): Handler {
  return (request, response) => {
    if (!isPageVisit(request)) return handle(request, response);
    const watch: DatabaseWatch = { unavailable: false };
    guardAnswer(request, response, watch);
    return watchDatabase(watch, () => handle(request, response));
  };
}
