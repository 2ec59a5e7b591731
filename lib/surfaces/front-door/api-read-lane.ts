import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";

const gzip = promisify(zlib.gzip);

// Reads of the REST API (GET /api/v1/…) answered by the route's own handler without Next.js in
// between. The handler is the very function Next would call, taken from the route's module as Next
// built and loaded it (./next-api-routes.ts), so no module is loaded twice and all their state is
// one (its pipeline: key, rate limit, scope, role, input, the domain's read); what is skipped is
// Next's router and the Web streams it moves each answer through, which cost several times the
// route's own work on a list of posts.
//
// Only what the handler would answer the same either way comes here: a GET whose path matches a
// route of the table segment by segment, each segment plain characters (no percent escapes, no
// empty segments, no trailing slash). Everything else — HEAD, writes, the catch-all's 404, the
// OpenAPI document, MCP, exports — goes to Next as before. The handler's module-level state
// (rate limits, key-use notes, the database client) lives on globalThis, so this copy of the
// handlers and Next's share it.

/** Each route's module (its method exports), loaded when first asked for, by its `{param}`-style path under /api/v1. */
export type ApiRouteTable = Record<string, () => Promise<Record<string, unknown> | null>>;

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

interface Route {
  pattern: RegExp;
  names: string[];
  load: () => Promise<Record<string, unknown> | null>;
  /** The route's GET once loaded, null when it is not the lane's to answer. */
  handler?: Promise<Handler | null>;
}

/** A GET the route pipeline made: an operation of the API, or the 405 of a path without GET. */
function isPipelineGet(handler: unknown): handler is Handler {
  if (typeof handler !== "function") return false;
  const marked = handler as { endpoint?: { kind?: string }; fallback?: boolean };
  return marked.endpoint?.kind === "v1" || marked.fallback === true;
}

function handlerOf(route: Route): Promise<Handler | null> {
  route.handler ??= route.load().then(
    (module) => (isPipelineGet(module?.GET) ? module.GET : null),
    () => null, // a module that will not load here: Next answers, and says what is wrong
  );
  return route.handler;
}

const PREFIX = "/api/v1";
const COMPRESS_FROM_BYTES = 1024;
const SEGMENT = "[A-Za-z0-9_.~-]+";

function compile(table: ApiRouteTable): Route[] {
  const routes: Route[] = [];
  for (const [path, load] of Object.entries(table)) {
    const names: string[] = [];
    const source = path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{(\w+)\}/g, (_, name: string) => {
      names.push(name);
      return `(${SEGMENT})`;
    });
    routes.push({ pattern: new RegExp(`^${source}$`), names, load });
  }
  // Literal segments before parameters, as Next's router prefers them (/posts/bulk over /posts/{id}).
  return routes.sort((a, b) => a.names.length - b.names.length);
}

/** A request's route in the table and the values of its path's parameters. */
export interface ApiReadMatch {
  route: Route;
  params: Record<string, string>;
}

export interface ApiReadLane {
  /** The route whose handler may answer this request here, or null when Next should. */
  match(request: Pick<IncomingMessage, "method" | "url">): ApiReadMatch | null;
}

export function createApiReadLane(table: ApiRouteTable): ApiReadLane {
  const routes = compile(table);
  return {
    match({ method, url = "" }) {
      if (method !== "GET" || !url.startsWith(`${PREFIX}/`)) return null;
      const queryAt = url.indexOf("?");
      const path = (queryAt < 0 ? url : url.slice(0, queryAt)).slice(PREFIX.length);
      for (const route of routes) {
        const found = route.pattern.exec(path);
        if (found) return { route, params: Object.fromEntries(route.names.map((name, at) => [name, found[at + 1]!])) };
      }
      return null;
    },
  };
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(", ") : (value ?? ""));

function asRequest(request: IncomingMessage): Request | null {
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers.set(name, single(value));
    // The origin is the Host as sent when it is a plain host and port: one carrying a path, query
    // or fragment character would shift where the address's own path and query begin.
    const host = single(request.headers.host);
    return new Request(`http://${/^[A-Za-z0-9.:[\]-]+$/.test(host) ? host : "localhost"}${request.url}`, { method: "GET", headers });
  } catch {
    return null; // a header or host the Fetch API will not take: Next answers it as before
  }
}

/**
 * Calls the route's handler with the request as Next would hand it over, and writes its answer;
 * `fallback` (Next) when the route's GET is not the pipeline's, or the request cannot be put in
 * the Fetch API's terms.
 */
export async function serveApiRead(request: IncomingMessage, response: ServerResponse, matched: ApiReadMatch, fallback: (request: IncomingMessage, response: ServerResponse) => Promise<void>): Promise<void> {
  const handler = await handlerOf(matched.route);
  const asked = handler && asRequest(request);
  if (!handler || !asked) return fallback(request, response);
  const answer = await handler(asked, { params: Promise.resolve(matched.params) });
  let body = Buffer.from(await answer.arrayBuffer());
  response.statusCode = answer.status;
  for (const [name, value] of answer.headers) if (name !== "set-cookie" && name !== "content-length") response.setHeader(name, value);
  const cookies = answer.headers.getSetCookie();
  if (cookies.length) response.setHeader("set-cookie", cookies);
  // Compressed as Next compresses its answers: gzip when asked for, from 1 KiB.
  if (body.length >= COMPRESS_FROM_BYTES && !answer.headers.has("content-encoding")) {
    response.setHeader("vary", [answer.headers.get("vary"), "Accept-Encoding"].filter(Boolean).join(", "));
    if (/\bgzip\b/.test(single(request.headers["accept-encoding"]))) {
      body = await gzip(body);
      response.setHeader("content-encoding", "gzip");
    }
  }
  response.setHeader("content-length", String(body.length));
  response.end(body);
}
