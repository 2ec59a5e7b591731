// Preloaded into the production server (scripts/start.mjs): every request's X-Forwarded-For gets
// the TCP peer's address appended, as a proxy would append it. `next start` only fills the header
// when the client sent none, so without this a client's own X-Forwarded-For reached the app as if
// it were the truth, and the socket address was lost. With it, the rightmost entry is always the
// peer, and TRUSTED_PROXY_HOPS (lib/public/client-ip.ts) counts trusted proxies leftwards from it.
import http from "node:http";

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function emitWithPeer(event, request, ...rest) {
  if (event === "request" && request && request.socket) {
    const peer = request.socket.remoteAddress;
    if (peer) {
      const prior = request.headers["x-forwarded-for"];
      request.headers["x-forwarded-for"] = prior ? `${prior}, ${peer}` : peer;
    }
  }
  return emit.call(this, event, request, ...rest);
};
