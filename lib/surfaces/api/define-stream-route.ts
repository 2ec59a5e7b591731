import type { Scope } from "@/lib/domain/access/roles";
import { describeError } from "@/lib/platform/log/describe-error";
import { repeatedWarning } from "@/lib/platform/log/repeated";
import { errorResponse, jsonResponse, newRequestId, type HeaderRecord } from "@/lib/platform/http/responses";
import type { RawOperation } from "./operation";
import { apiContext, type ApiContext, type RouteHandler } from "./define-route";
import { withEndpoint } from "./operation";
import { authenticate } from "./steps/authenticate";
import { authorizeRole, authorizeScope } from "./steps/authorize";
import { claimStreamedIdempotencyKey, HashedBody, idempotencyKeyOf, REPLAYED_HEADER } from "./steps/idempotency";
import { rateLimit } from "./steps/rate-limit";
import { toApiError } from "./to-api-error";

/**
 * An /api/v1 route whose body is not JSON: an archive or a CSV streamed out, a file streamed in.
 * The same first steps as defineRoute (key, rate limit, scope, creator's role) and the same error
 * envelope; the handler reads the request (a POST's body as `file`) and builds the response itself.
 * A POST takes an `Idempotency-Key` as defineRoute's do, its body hashed as the handler streams it
 * (lib/surfaces/api/steps/idempotency.ts). Its operation is written by hand
 * (lib/surfaces/openapi/transfer-operations.ts) and it is no MCP tool.
 */
export function defineStreamRoute(
  spec: { scope: Scope; operationId: string },
  handler: (request: Request, ctx: ApiContext, headers: HeaderRecord, file: AsyncIterable<Uint8Array>) => Promise<Response>,
): RouteHandler {
  return withEndpoint(
    async (request: Request) => {
      const requestId = newRequestId();
      const headers: HeaderRecord = {};
      try {
        const key = await authenticate(request);
        await rateLimit(key.keyId, headers);
        authorizeScope(key, spec.scope);
        const role = authorizeRole(key, spec.scope);
        headers["x-request-id"] = requestId;
        const ctx = apiContext(key, role, requestId);
        const body = new HashedBody(request);
        const idempotencyKey = request.method === "POST" ? idempotencyKeyOf(request) : null;
        if (idempotencyKey === null) return await handler(request, ctx, headers, body.chunks());
        const claim = await claimStreamedIdempotencyKey(key.workspaceId, idempotencyKey, request.method, request.url, body);
        if (claim.kind === "replay") return jsonResponse(claim.body, { status: claim.status, requestId, headers: { ...headers, [REPLAYED_HEADER]: "true" } });
        let response: Response;
        try {
          response = await handler(request, ctx, headers, body.chunks());
        } catch (error) {
          await claim.release().catch(() => {});
          throw error;
        }
        // As in defineRoute: only a success is kept, and failing to keep it never turns the done
        // write into an error the client would retry.
        if (!response.ok) await claim.release().catch(() => {});
        else {
          await claim.finish(response.status, await response.clone().json()).catch((error: unknown) => {
            repeatedWarning.report("idempotency-store", { requestId, error: describeError(error) }, "idempotency answer not stored");
          });
        }
        return response;
      } catch (error) {
        return errorResponse(toApiError(error, requestId), requestId, headers);
      }
    },
    { kind: "raw" as const, operationId: spec.operationId },
  );
}

export type { RawOperation };
