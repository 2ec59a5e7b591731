import { withResourceLock } from "@/lib/platform/db/resource-lock";
import { scopedDb } from "@/lib/platform/db/scoped";
import { describeError } from "@/lib/platform/log/describe-error";
import { repeatedWarning } from "@/lib/platform/log/repeated";
import type { Plan, Role } from "@/lib/generated/prisma/enums";
import type { VerifiedKey } from "@/lib/domain/keys/verify-api-key";
import type { WorkspaceActor } from "@/lib/domain/access/actor";
import type { Scope } from "@/lib/domain/access/roles";
import { asFallback, withEndpoint, type Operation } from "./operation";
import { ApiError } from "@/lib/platform/http/error-codes";
import { errorResponse, jsonResponse, newRequestId, type HeaderRecord } from "@/lib/platform/http/responses";
import { authenticate } from "./steps/authenticate";
import { authorizeRole, authorizeScope } from "./steps/authorize";
import { checkIfMatch, etagOf } from "./steps/conditional";
import { claimIdempotencyKey, idempotencyKeyOf, REPLAYED_HEADER, requestFingerprint } from "./steps/idempotency";
import { parseInput, type InputSchemas, type ParsedInput } from "./steps/parse-input";
import { rateLimit } from "./steps/rate-limit";
import { toApiError } from "./to-api-error";

/**
 * What a handler knows about the caller: the key's workspace (through the scoped accessor) and its
 * creator's current role. It is a WorkspaceActor (`userId` is the key's creator), so handlers pass
 * it straight to the same domain functions the dashboard calls.
 */
export interface ApiContext extends WorkspaceActor {
  requestId: string;
  keyId: string;
  /** The key's creator; the same as `userId`. */
  actorId: string;
  plan: Plan;
  /** The key's scopes, for a route whose answer widens with a further scope (drafts for changelog:write). */
  scopes: readonly string[];
}

export type ApiResult = { data: unknown; pagination?: { nextCursor: string | null; hasMore: boolean } };

export interface RouteSpec<S extends InputSchemas> {
  scope: Scope;
  schemas?: S;
  /** HTTP status of a success (201 for creates). */
  status?: number;
  /** Its OpenAPI operation and MCP tool (lib/surfaces/api/operation.ts). */
  operation: Operation;
  /**
   * A PATCH or DELETE: the resource as its GET answers it, read before the change, so `If-Match`
   * can be compared with its `ETag` (412 when it changed) and a PATCH can answer the new `ETag`.
   */
  current?: (input: ParsedInput<S>, ctx: ApiContext) => Promise<unknown>;
}

type RouteContext = { params: Promise<Record<string, string | string[]>> };
export type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

/** An /api/v1 route: its spec, and its handler without the HTTP around it (what an MCP tool calls). */
export interface V1Endpoint {
  kind: "v1";
  spec: RouteSpec<InputSchemas>;
  run: (input: ParsedInput<InputSchemas>, ctx: ApiContext) => Promise<ApiResult>;
}

/** What a handler gets for a key that passed the steps (the MCP tools build the same). */
export function apiContext(key: VerifiedKey, role: Role, requestId: string): ApiContext {
  return {
    kind: "member",
    requestId,
    workspaceId: key.workspaceId,
    db: scopedDb(key.workspaceId),
    keyId: key.keyId,
    actorId: key.creatorId,
    userId: key.creatorId,
    role,
    plan: key.plan,
    scopes: key.scopes,
  };
}

/**
 * The /api/v1 request pipeline, in order:
 *   1 authenticate → 401 · 2 rate limit → 429 · 3 scope → 403 INSUFFICIENT_SCOPES ·
 *   4 creator role → 403 FORBIDDEN · 5 parse params, query, body → 400/413/415 ·
 *   then If-Match on PATCH/DELETE → 412 (compared and written under the resource's lock) · Idempotency-Key on POST (replay, 409, 422) ·
 *   the handler: 6 tenant lookup → 404 · 7 plan limit → 403 PLAN_LIMIT.
 * A single-resource GET answers an ETag.
 * Rate-limit headers and X-Request-Id ride on every response, errors included; anything thrown
 * is turned into the error envelope in exactly one place.
 */
export function defineRoute<S extends InputSchemas>(
  spec: RouteSpec<S>,
  handler: (input: ParsedInput<S>, ctx: ApiContext) => Promise<ApiResult>,
): RouteHandler & { readonly endpoint: V1Endpoint } {
  const schemas = (spec.schemas ?? {}) as S;
  const endpoint = { kind: "v1", spec, run: handler } as V1Endpoint;
  return withEndpoint(async (request: Request, context: RouteContext) => {
    const requestId = newRequestId();
    const headers: HeaderRecord = {};
    try {
      const key = await authenticate(request);
      await rateLimit(key.keyId, headers);
      authorizeScope(key, spec.scope);
      const role = authorizeRole(key, spec.scope);
      const input = await parseInput(request, await context.params, schemas);
      const ctx = apiContext(key, role, requestId);
      const status = spec.status ?? 200;
      const current = spec.current;
      if (current && request.headers.get("if-match") !== null) {
        // The comparison and the write hold the resource's lock together: a second conditional
        // write carrying the same tag waits, then finds the version changed (412) instead of
        // overwriting the first.
        const resource = `v1:${key.workspaceId}:${new URL(request.url).pathname}`;
        const { result, etag } = await withResourceLock(resource, async () => {
          await checkIfMatch(request, () => current(input, ctx));
          const result = await handler(input, ctx);
          return { result, etag: request.method === "PATCH" ? etagOf(await current(input, ctx)) : undefined };
        });
        if (etag) headers.ETag = etag;
        return jsonResponse({ success: true, ...result }, { status, requestId, headers });
      }
      const idempotencyKey = request.method === "POST" ? idempotencyKeyOf(request) : null;
      if (idempotencyKey === null) {
        const result = await handler(input, ctx);
        if (request.method === "GET" && !result.pagination) headers.ETag = etagOf(result.data);
        if (current && request.method === "PATCH") headers.ETag = etagOf(await current(input, ctx));
        return jsonResponse({ success: true, ...result }, { status, requestId, headers });
      }
      const claim = await claimIdempotencyKey(key.workspaceId, idempotencyKey, requestFingerprint(request.method, request.url, input));
      if (claim.kind === "replay") return jsonResponse(claim.body, { status: claim.status, requestId, headers: { ...headers, [REPLAYED_HEADER]: "true" } });
      let body: unknown;
      try {
        body = { success: true, ...(await handler(input, ctx)) };
      } catch (error) {
        await claim.release().catch(() => {});
        throw error;
      }
      // The write is done: failing to store its answer must not turn it into an error the client
      // would retry. The claim then lapses after a minute and a later retry would act again.
      await claim.finish(status, body).catch((error: unknown) => {
        repeatedWarning.report("idempotency-store", { requestId, error: describeError(error) }, "idempotency answer not stored");
      });
      return jsonResponse(body, { status, requestId, headers });
    } catch (error) {
      return errorResponse(toApiError(error, requestId), requestId, headers);
    }
  }, endpoint);
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/**
 * A route file's exports: the methods it implements, a 405 with `Allow` for the rest (Next's own
 * 405 has no body), and OPTIONS answering that same `Allow` (Next's automatic OPTIONS would list
 * every exported method, the refusing ones too). Used as
 * `export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({...})`.
 */
export function apiRoutes(handlers: Partial<Record<Method, RouteHandler>>): Record<Method | "OPTIONS", RouteHandler> {
  const allow = [...METHODS.filter((method) => handlers[method]), ...(handlers.GET ? ["HEAD"] : []), "OPTIONS"].join(", ");
  const notAllowed: RouteHandler = asFallback(async (request: Request) =>
    errorResponse(new ApiError("METHOD_NOT_ALLOWED", `${request.method} is not allowed here. Allowed: ${allow}.`), newRequestId(), { Allow: allow }),
  );
  const options: RouteHandler = asFallback(async () => new Response(null, { status: 204, headers: { Allow: allow, "x-request-id": newRequestId() } }));
  return {
    ...(Object.fromEntries(METHODS.map((method) => [method, handlers[method] ?? notAllowed])) as Record<Method, RouteHandler>),
    OPTIONS: options,
  };
}

export function notFoundRoute(): RouteHandler {
  return asFallback(async () => errorResponse(new ApiError("NOT_FOUND", "No such endpoint. The API reference: /docs/api.")));
}
