import { STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { ApiError, ERROR_STATUS } from "@/lib/platform/http/error-codes";
import type { ErrorCode } from "@/lib/platform/core/errors";
import { errorResponse, newRequestId } from "@/lib/platform/http/responses";
import { log } from "@/lib/platform/log/logger";
import { baseSecurityHeaders, newNonce, pageOnlySecurityHeaders, routeKind } from "@/lib/platform/security/headers";
import { statusPage, type StatusPageText } from "@/lib/platform/security/status-page";
import { pathForLog } from "./request-target";

// What the server answers itself when it will not hand a request to Next: the API's error envelope
// under /api and to server actions, a styled page anywhere else; the security headers every answer
// carries; and one structured log line (never a stack: these are the client's mistakes, not ours).
export interface Refusal {
  code: ErrorCode;
  /** For the client: says what to change. */
  message: string;
  /** For the log. */
  reason: string;
  headers?: Record<string, string>;
  /** Not logged one by one: its caller counts such refusals and logs them in bulk (admission control). */
  quiet?: boolean;
}

const HOME = { href: "/", label: "Go to the home page" };
const AGAIN = { href: "", label: "Try again" };
const PAGES: Partial<Record<number, StatusPageText>> = {
  400: { title: "Bad request", message: "This address is not valid. Check the link, or start again from the home page.", link: HOME },
  403: { title: "Not accepted", message: "This form was sent from another site, so it was not accepted. Open the page on this site and send it again.", link: HOME },
  408: { title: "Request timed out", message: "Your browser took too long to send the request. Please try again.", link: AGAIN },
  413: { title: "Too large", message: "What you sent is too large to be accepted.", link: HOME },
  429: { title: "Too many requests", message: "Too many requests from your address are still in progress. Please try again in a moment.", link: AGAIN },
  503: { title: "Busy", message: "The server is busy right now. Please try again in a few seconds.", link: AGAIN },
};

function wantsEnvelope(request: Pick<IncomingMessage, "url" | "headers">): boolean {
  return routeKind(pathForLog(request.url)) === "api" || request.headers["next-action"] !== undefined;
}

/** Status, headers and body of the refusal, for a response object or a bare socket. */
function refusalParts(request: Pick<IncomingMessage, "url" | "headers">, refusal: Refusal, requestId: string) {
  const status = ERROR_STATUS[refusal.code];
  if (wantsEnvelope(request)) {
    const answer = errorResponse(new ApiError(refusal.code, refusal.message, undefined, refusal.headers), requestId);
    return { status, headers: Object.fromEntries(answer.headers) as Record<string, string>, body: answer.text() };
  }
  const nonce = newNonce();
  const headers = {
    ...pageOnlySecurityHeaders(routeKind(pathForLog(request.url)), nonce),
    ...refusal.headers,
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Request-Id": requestId,
  };
  const text = PAGES[status] ?? PAGES[400]!;
  return { status, headers, body: Promise.resolve(statusPage(text, nonce, requestId)) };
}

function logRefusal(request: Pick<IncomingMessage, "url" | "method">, refusal: Refusal, requestId: string, client: string) {
  log.warn(
    { requestId, method: request.method, path: pathForLog(request.url), status: ERROR_STATUS[refusal.code], reason: refusal.reason, client },
    "request refused",
  );
}

/**
 * Answers the request with `refusal`. `closeAfter` when the body is left unread: the connection
 * cannot carry another request after it.
 */
export async function refuse(request: IncomingMessage, response: ServerResponse, refusal: Refusal, client: string, closeAfter = false): Promise<void> {
  const requestId = newRequestId();
  if (!refusal.quiet) logRefusal(request, refusal, requestId, client);
  const parts = refusalParts(request, refusal, requestId);
  const body = await parts.body;
  if (closeAfter) response.setHeader("Connection", "close");
  response.writeHead(parts.status, { ...parts.headers, "Content-Length": Buffer.byteLength(body) });
  response.end(request.method === "HEAD" ? undefined : body);
}

/**
 * For a request Node's parser gave up on (headers too large, a malformed request, the deadline
 * passed before a request could be answered): the same answer, written straight to the socket,
 * then the connection closed.
 */
export async function refuseOnSocket(socket: Socket, refusal: Refusal): Promise<void> {
  const requestId = newRequestId();
  logRefusal({ url: undefined, method: undefined }, refusal, requestId, socket.remoteAddress ?? "unknown");
  const parts = refusalParts({ url: "/api", headers: {} }, refusal, requestId);
  const body = await parts.body;
  const headers = { ...baseSecurityHeaders(), ...parts.headers, "Content-Length": String(Buffer.byteLength(body)), Connection: "close" };
  const head = [`HTTP/1.1 ${parts.status} ${STATUS_CODES[parts.status]}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)].join("\r\n");
  if (socket.writable) socket.end(`${head}\r\n\r\n${body}`);
  else socket.destroy();
}
