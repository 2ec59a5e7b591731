// Preloaded into the production server (scripts/start.mjs, the benchmark): two hooks on every
// request, before Next.js sees it.
//
// 1. The peer address. Every request's X-Forwarded-For gets the TCP peer's address appended, as a
//    proxy would append it. `next start` only fills the header when the client sent none, so
//    without this a client's own X-Forwarded-For reached the app as if it were the truth, and the
//    socket address was lost. With it, the rightmost entry is always the peer, and
//    TRUSTED_PROXY_HOPS (lib/public/client-ip.ts) counts trusted proxies leftwards from it.
// 2. The public fast lane. A GET or HEAD under /api/public/ is first offered to the answer cache
//    (lib/public/fast-lane.ts, registered once a public route has loaded); only what it declines
//    reaches Next's router. A cache hit then costs a fraction of Next's per-request work.
import http from "node:http";

const emit = http.Server.prototype.emit;

function appendPeer(request) {
  const peer = request.socket.remoteAddress;
  if (!peer) return;
  const prior = request.headers["x-forwarded-for"];
  request.headers["x-forwarded-for"] = prior ? `${prior}, ${peer}` : peer;
}

function headersOf(request) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return headers;
}

// What identifies a public answer before any parsing: everything the route and publicOrigin read.
// Stamped on the request for the route to record (lib/public/fast-lane.ts, rememberLane), never
// taken from the client.
const LINE_HEADER = "x-public-request-line";
const single = (value) => (Array.isArray(value) ? value.join(", ") : (value ?? ""));

function requestLine(request) {
  const { headers } = request;
  return JSON.stringify([single(headers.host), single(headers["x-forwarded-proto"]), single(headers["x-forwarded-host"]), request.url]);
}

function offerToFastLane(server, request, response, rest) {
  delete request.headers[LINE_HEADER];
  if ((request.method !== "GET" && request.method !== "HEAD") || !request.url?.startsWith("/api/public/")) return false;
  const line = requestLine(request);
  request.headers[LINE_HEADER] = line;
  const lane = globalThis.__publicFastLane;
  if (!lane) return false;
  const toNext = () => emit.call(server, "request", request, response, ...rest);
  lane({ method: request.method, line, headers: headersOf(request) }).then(
    (answer) => {
      if (!answer) return toNext();
      response.writeHead(answer.status, answer.headers);
      response.end(answer.body ?? undefined);
    },
    // Whatever went wrong here, Next answers as it would have.
    () => toNext(),
  );
  return true;
}

http.Server.prototype.emit = function emitWithHooks(event, request, response, ...rest) {
  if (event === "request" && request && request.socket) {
    appendPeer(request);
    if (offerToFastLane(this, request, response, rest)) return true;
  }
  return emit.call(this, event, request, response, ...rest);
};
