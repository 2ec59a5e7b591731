import { createHash } from "node:crypto";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { gzipSync } from "node:zlib";

// /widget.js, the loader host pages include (widget/loader.js; minified into .server/widget.js by
// `npm run build`, served as written in development). It is
// fetched by every page view of every customer's app, so the front door answers it from memory,
// compressed once, before Next is involved. Long-cached: a day fresh and a week stale-while-
// revalidate, so a fix reaches every host within a day while no page view ever waits on us; its
// ETag makes each revalidation a 304. The version is in the file (Workspace.version) and in a header.
export const WIDGET_LOADER_PATH = "/widget.js";
export const WIDGET_LOADER_CACHE_CONTROL = "public, max-age=86400, s-maxage=86400, stale-while-revalidate=604800";

interface Loader {
  body: Buffer;
  gzip: Buffer;
  etag: string;
  version: string;
}

let loaded: Loader | null = null;

export function widgetLoaderFile(production = process.env.NODE_ENV === "production"): string {
  return production ? path.resolve(/*turbopackIgnore: true*/ ".server", "widget.js") : path.resolve(/*turbopackIgnore: true*/ "widget", "loader.js");
}

export function loadWidgetLoader(file = widgetLoaderFile()): Loader {
  const body = fs.readFileSync(/*turbopackIgnore: true*/ file);
  const version = /^\/\*! Workspace widget loader (\S+)/.exec(body.toString("utf8"))?.[1] ?? "unknown";
  return { body, gzip: gzipSync(body, { level: 9 }), etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`, version };
}

/** Answers a GET or HEAD of /widget.js (any query: `?v=` is only for the host's own cache busting); false for anything else. */
export function serveWidgetLoader(request: IncomingMessage, response: ServerResponse): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const url = request.url ?? "";
  if (url !== WIDGET_LOADER_PATH && !url.startsWith(`${WIDGET_LOADER_PATH}?`)) return false;
  loaded ??= loadWidgetLoader();
  response.setHeader("Content-Type", "text/javascript; charset=utf-8");
  response.setHeader("Cache-Control", WIDGET_LOADER_CACHE_CONTROL);
  response.setHeader("ETag", loaded.etag);
  response.setHeader("Vary", "Accept-Encoding");
  response.setHeader("X-Widget-Version", loaded.version);
  // Any site may load it as a script (and read it, for subresource integrity checks).
  response.setHeader("Access-Control-Allow-Origin", "*");
  response.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
  const ifNoneMatch = request.headers["if-none-match"];
  if (typeof ifNoneMatch === "string" && ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === loaded!.etag)) {
    response.statusCode = 304;
    response.end();
    return true;
  }
  const gzip = /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""));
  const body = gzip ? loaded.gzip : loaded.body;
  if (gzip) response.setHeader("Content-Encoding", "gzip");
  response.setHeader("Content-Length", String(body.length));
  response.statusCode = 200;
  response.end(request.method === "HEAD" ? undefined : body);
  return true;
}
