import type { Scope } from "@/lib/domain/access/roles";
import { errorResponse, newRequestId, type HeaderRecord } from "@/lib/platform/http/responses";
import type { RawOperation } from "./operation";
import { apiContext, type ApiContext, type RouteHandler } from "./define-route";
import { withEndpoint } from "./operation";
import { authenticate } from "./steps/authenticate";
import { authorizeRole, authorizeScope } from "./steps/authorize";
import { rateLimit } from "./steps/rate-limit";
import { toApiError } from "./to-api-error";

/**
 * An /api/v1 route whose body is not JSON: an archive or a CSV streamed out, a file streamed in.
 * The same first steps as defineRoute (key, rate limit, scope, creator's role) and the same error
 * envelope; the handler reads the request and builds the response itself. Its operation is written
 * by hand (lib/surfaces/openapi/transfer-operations.ts) and it is no MCP tool.
 */
export function defineStreamRoute(spec: { scope: Scope; operationId: string }, handler: (request: Request, ctx: ApiContext, headers: HeaderRecord) => Promise<Response>): RouteHandler {
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
        return await handler(request, apiContext(key, role, requestId), headers);
      } catch (error) {
        return errorResponse(toApiError(error, requestId), requestId, headers);
      }
    },
    { kind: "raw" as const, operationId: spec.operationId },
  );
}

export type { RawOperation };
