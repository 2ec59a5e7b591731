import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { log } from "@/lib/platform/log/logger";
import { CLIENT_IP_HEADER, resolveClientIp } from "@/lib/platform/server/client-ip";
import { carriesSession, servePortalPage, varyByVisitor } from "@/lib/surfaces/front-door/page-cache";
import { viewerHintCookie } from "@/lib/platform/auth/viewer-hint";
import { answerFromCache, REQUEST_LINE_HEADER, requestLineOf } from "@/lib/surfaces/public-api/fast-lane";
import { baseSecurityHeaders } from "@/lib/platform/security/headers";
import { serveWidgetLoader } from "./widget-loader";
import { serveViewer, viewerAsk } from "./viewer-lane";
import { serveDashboardPage } from "./dashboard-page-cache";
import { createApiReadLane, serveApiRead, type ApiRouteTable } from "./api-read-lane";
import { isDashboardViewerAsk, serveDashboardViewer } from "./dashboard-viewer-lane";
import { SHARED_RENDER_HEADER } from "@/lib/surfaces/dashboard/shared-render-header";
import { isServerAction, readActionBody, replayWithBody } from "../../platform/server/action-body";
import type { ServerLimits } from "../../platform/server/config";
import { refuse, refuseOnSocket } from "../../platform/server/refuse";
import { targetProblem } from "../../platform/server/request-target";
import { crossOriginProblem } from "../../platform/server/same-origin";
import { answeringUnavailable } from "../../platform/server/unavailable-answer";
import { admissionKindOf, createAdmission, type AdmissionKind } from "../../platform/server/admission";
import { createUploadGate } from "../../platform/server/upload-gate";

// What happens to a request before Next.js sees it (server.ts runs Next behind this), in order:
//
// 1. Every answer gets the base security headers here, static files and the server's own included.
// 2. The client's address is worked out from the TCP peer, X-Forwarded-For and TRUSTED_PROXY_HOPS,
//    and handed to the app in CLIENT_IP_HEADER, overwriting whatever the client sent under that
//    name (lib/platform/server/client-ip.ts). The public fast lane's request line is likewise only ever ours.
// 3. A path Next cannot route (a malformed percent-escape, a control character) answers 400.
// 4. A POST to a page (a server action, a form) whose Origin names another host answers 403 (./same-origin.ts).
// 5. A request body counts against the in-flight caps per client network and overall (429 / 503),
//    the overall one shared fairly between networks (./upload-gate.ts); the whole request must
//    arrive within REQUEST_TIMEOUT_SECONDS (Node's requestTimeout: 408).
// 6. A server action's body is read here first: over 1 MB or nested too deep, 413.
// 7. A GET or HEAD under /api/public/ is offered to the public answer cache (lib/surfaces/public-api/fast-lane.ts).
// 7b. /widget.js, the widget's loader, is answered from memory (./widget-loader.ts).
// 8. A portal page's answer names in Vary what picks its variant (theme, language), and brings the
//    viewer hint cookie in line with the request's session cookies (lib/platform/auth/viewer-hint.ts); a visit, signed
//    in or not, is offered to the page cache (lib/surfaces/front-door/page-cache.ts), which answers from
//    it or renders through Next (never with the visitor's session) and keeps the page when it may be
//    shared. The page's ask for its visitor's own state, /p/{workspace}/viewer, is answered here
//    too, through the public JSON gate (./viewer-lane.ts).
// 8b. A member's visit to the dashboard's inbox or a post's page is offered to the dashboard page
//    cache (./dashboard-page-cache.ts): one render per workspace, role and address, without the
//    person's own parts, which the page asks for at /account/viewer (./dashboard-viewer-lane.ts).
// 8c. A GET of a REST API route is answered by the route's own handler, at the API's gate, without
//    Next's router in between (./api-read-lane.ts).
// 9. Everything else goes to Next, through admission control (lib/platform/server/admission.ts): so
//    many pages, API calls and public JSON renders at once, a short queue, and beyond it an
//    immediate 503 with Retry-After. What is answered above (health, static files, cache hits)
//    never waits for a place.
// 10. A page visit that Next answers 500 because its database work found the database unavailable
//    (no pooled connection in time, an outage) answers the styled 503 page instead (./unavailable-answer.ts).

/** API_READ_LANE=off sends the REST API's reads through Next like every other request. */
export function apiReadLaneEnabled(env: Record<string, string | undefined> = process.env): boolean {
  return env.API_READ_LANE !== "off";
}

export type NextHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/** What a refused request is told to wait before trying again. */
const SHED_RETRY_AFTER_SECONDS = 2;

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(", ") : (value ?? ""));

function toHeaders(incoming: IncomingMessage["headers"]): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) if (value !== undefined) headers.set(name, single(value));
  return headers;
}

/** The node:http server in front of `next` (Next.js's handler), with its deadlines; call listen() on it. */
export interface FrontDoorOptions {
  production?: boolean;
  /** Told when each request begins and ends (the memory release waits for a quiet moment). */
  activity?: { begin(): () => void } | null;
  /** The REST API's routes as Next built them (./next-api-routes.ts), whose reads are answered without Next's router; none: Next answers them all. */
  apiRoutes?: ApiRouteTable | null;
}

export function createFrontDoor(next: NextHandler, limits: ServerLimits, { production = true, activity = null, apiRoutes = null }: FrontDoorOptions = {}): http.Server {
  const apiReads = apiRoutes && apiReadLaneEnabled() ? createApiReadLane(apiRoutes) : null;
  const handle = answeringUnavailable(next);
  const uploads = createUploadGate(limits);
  const gates = createAdmission(limits.admission);
  // `npm run dev` runs this same front door; only Strict-Transport-Security stays off there.
  const securityHeaders = Object.entries(baseSecurityHeaders(production));
  // The response under way on each connection, so a deadline that passes mid-answer cuts the
  // connection rather than writing a second answer into it.
  const answering = new WeakMap<Socket, ServerResponse>();
  // When each request reached the server: a request's whole wait for a place is bounded, however
  // many times it is turned to a gate (a visitor who waited on another's render of the same page
  // and then needs a render of their own does not start a second full wait).
  const arrivals = new WeakMap<IncomingMessage, number>();

  /** `run` (Next by default), once the request's kind has a place; a refusal when none comes in time. */
  async function admitted(kind: AdmissionKind, request: IncomingMessage, response: ServerResponse, client: string, run: NextHandler = handle): Promise<void> {
    const gone = new AbortController();
    const onGone = () => gone.abort();
    response.once("close", onGone);
    const release = await gates[kind].enter(gone.signal, arrivals.get(request));
    response.off("close", onGone);
    if (!release) {
      if (gone.signal.aborted) return;
      const message = "The server is at capacity right now; retry in a moment.";
      return refuse(request, response, { code: "SERVICE_UNAVAILABLE", message, reason: `admission: ${kind}`, headers: { "Retry-After": String(SHED_RETRY_AFTER_SECONDS) }, quiet: true }, client);
    }
    if (response.writableEnded || response.destroyed) return release();
    response.once("close", release);
    return run(request, response);
  }

  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    arrivals.set(request, Date.now());
    if (activity) response.once("close", activity.begin());
    for (const [name, value] of securityHeaders) response.setHeader(name, value);
    answering.set(request.socket, response);

    const { headers } = request;
    const client = resolveClientIp({ peer: request.socket.remoteAddress, forwardedFor: single(headers["x-forwarded-for"]), realIp: single(headers["x-real-ip"]) });
    headers[CLIENT_IP_HEADER] = client;
    delete headers[REQUEST_LINE_HEADER];
    delete headers[SHARED_RENDER_HEADER];

    const problem = targetProblem(request.url);
    if (problem) return refuse(request, response, { code: "VALIDATION_ERROR", message: "The request path is not valid.", reason: problem }, client, true);

    const crossOrigin = crossOriginProblem(request);
    if (crossOrigin) return refuse(request, response, { code: "FORBIDDEN", message: "This form was sent from another site.", reason: `cross-origin post: ${crossOrigin}` }, client, true);

    const admission = uploads.admit(request, response, client);
    if (admission === "client-busy") {
      const message = `Too many request bodies from your network are still being received (at most ${limits.uploadsPerClient} at once).`;
      return refuse(request, response, { code: "RATE_LIMITED", message, reason: "uploads per client network", headers: { "Retry-After": "1" } }, client, true);
    }
    if (admission === "server-busy") {
      const message = "The server is receiving too many request bodies at once; retry shortly.";
      return refuse(request, response, { code: "SERVICE_UNAVAILABLE", message, reason: "uploads overall", headers: { "Retry-After": "1" } }, client, true);
    }

    if (isServerAction(request)) {
      const read = await readActionBody(request);
      if (!read.ok) {
        if (read.gone) return void response.destroy();
        const message = "The request body is too large or nested too deeply.";
        return refuse(request, response, { code: "PAYLOAD_TOO_LARGE", message, reason: read.reason }, client, true);
      }
      return admitted("pages", replayWithBody(request, read.body), response, client);
    }

    if ((request.method === "GET" || request.method === "HEAD") && request.url!.startsWith("/api/public/")) {
      const line = requestLineOf(single(headers.host), single(headers["x-forwarded-proto"]), single(headers["x-forwarded-host"]), request.url!);
      if (line !== null) {
        headers[REQUEST_LINE_HEADER] = line;
        // Whatever goes wrong in the lane, Next answers as it would have.
        const answer = await answerFromCache({ method: request.method, line, headers: toHeaders(headers) }).catch(() => null);
        if (answer) {
          for (const [name, value] of answer.headers) response.setHeader(name, value);
          response.statusCode = answer.status;
          return void response.end(answer.body ?? undefined);
        }
      }
    }

    // Answered from memory, like the fast lane's hits: it takes no place of the admission gates.
    if (serveWidgetLoader(request, response)) return;

    const kind = admissionKindOf(request.url!);
    if (kind === null) return handle(request, response);

    // A read of the REST API: its route's handler, at the API's gate, without Next in between.
    const apiRead = apiReads?.match(request);
    if (apiRead) return admitted("api", request, response, client, (asked, into) => serveApiRead(asked, into, apiRead, handle));

    // A portal page's ask for its visitor's own state: answered here, at the gate of public JSON.
    const viewerSlug = viewerAsk(request);
    if (viewerSlug !== null) return admitted("public", request, response, client, (asked, into) => serveViewer(asked, into, viewerSlug));

    if (request.url!.startsWith("/p/")) {
      varyByVisitor(response);
      // Tells the page's first script whether a session came along (lib/platform/auth/viewer-hint.ts).
      const cookie = single(headers.cookie);
      const https = single(headers["x-forwarded-proto"]) === "https" || "encrypted" in request.socket;
      const hint = viewerHintCookie(cookie, carriesSession(cookie), https);
      if (hint) response.setHeader("Set-Cookie", hint);
      // A cached page is answered without a place; only a render waits for one.
      const waitForOthersMs = gates[kind].waitLeft(arrivals.get(request)!);
      if (await servePortalPage(request, response, (rendered, into) => admitted(kind, rendered, into, client), { waitForOthersMs })) return;
    }

    // The dashboard's inbox and post pages: one render per role, the person's own parts asked for
    // by the page (GET /account/viewer, answered here at the gate of public JSON).
    if (isDashboardViewerAsk(request)) return admitted("public", request, response, client, serveDashboardViewer);
    if (request.url!.startsWith("/w/")) {
      const waitForOthersMs = gates[kind].waitLeft(arrivals.get(request)!);
      if (await serveDashboardPage(request, response, (rendered, into) => admitted(kind, rendered, into, client), { waitForOthersMs })) return;
    }

    return admitted(kind, request, response, client);
  }

  const server = http.createServer(
    {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      // Node checks both deadlines on this tick; its default (30 s) lets a request run up to a whole tick past them.
      connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
      // Node's 5 s closes idle connections so soon that a client (or a proxy's upstream pool)
      // reusing one at that moment has its request reset mid-flight. Longer than the usual 60 s idle
      // timeout of proxies and load balancers, so the side that sends the requests closes first.
      keepAliveTimeout: limits.keepAliveTimeoutMs,
    },
    (request, response) => {
      serve(request, response).catch((error: unknown) => {
        log.error({ err: error, path: request.url?.slice(0, 200) }, "request failed before Next answered");
        if (response.headersSent) return void response.destroy();
        response.writeHead(500, { "Content-Type": "application/json; charset=utf-8" });
        response.end(JSON.stringify({ success: false, error: "Internal error.", code: "INTERNAL_ERROR" }));
      });
    },
  );

  // Node's parser gave up on a connection: a request that missed its deadline, headers too large,
  // bytes that are not HTTP. Answered in the app's shape rather than Node's bare status line.
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    const code = error.code ?? "";
    if (code === "ECONNRESET" || !socket.writable || answering.get(socket)?.headersSent) return void socket.destroy();
    if (code === "ERR_HTTP_REQUEST_TIMEOUT") {
      return void refuseOnSocket(socket, { code: "REQUEST_TIMEOUT", message: "The request did not arrive in time.", reason: "request deadline passed" });
    }
    if (code === "HPE_HEADER_OVERFLOW") {
      return void refuseOnSocket(socket, { code: "VALIDATION_ERROR", message: "The request's headers are too large.", reason: "headers too large" });
    }
    void refuseOnSocket(socket, { code: "VALIDATION_ERROR", message: "The request is not valid HTTP.", reason: `parse error ${code}` });
  });
  return server;
}
