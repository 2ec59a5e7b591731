import type { RouteHandler } from "@/lib/surfaces/api/define-route";
import { withEndpoint } from "@/lib/surfaces/api/operation";
import { ApiError } from "@/lib/platform/http/error-codes";
import { API_KEY_SCOPE_MESSAGE, carriesApiKey } from "@/lib/platform/auth/carries-api-key";
import { errorResponse, newRequestId } from "@/lib/platform/http/responses";
import { authenticate } from "@/lib/surfaces/api/steps/authenticate";
import { rateLimit } from "@/lib/surfaces/api/steps/rate-limit";
import { toApiError } from "@/lib/surfaces/api/to-api-error";
import { etagOf, matchesIfNoneMatch } from "@/lib/platform/cache/response-cache";
import type { OpenApiDocument } from "./route-table";

interface Built {
  body: string;
  etag: string;
}

/**
 * Builds the document on its first request and keeps it for the life of the process: the routes
 * cannot change under a running server, and nothing about it runs on any other route.
 */
function memo(build: () => OpenApiDocument): () => Built {
  let built: Built | undefined;
  return () => {
    if (!built) {
      const body = JSON.stringify(build());
      built = { body, etag: etagOf(body) };
    }
    return built;
  };
}

function documentResponse(request: Request, built: Built, headers: Record<string, string>): Response {
  const all = { ...headers, ETag: built.etag, "X-Request-Id": newRequestId() };
  if (matchesIfNoneMatch(request.headers.get("if-none-match"), built.etag)) return new Response(null, { status: 304, headers: all });
  return new Response(request.method === "HEAD" ? null : built.body, { status: 200, headers: { ...all, "Content-Type": "application/json; charset=utf-8" } });
}

/**
 * GET /api/v1/openapi.json. No key needed; a request that sends one anyway is under /api/v1, so
 * the key is checked and counted like on any endpoint there: a bad key is a 401,
 * and the document is no way to test keys or spend requests outside the key's budget.
 */
export function v1DocumentRoute(build: () => OpenApiDocument, operationId: string): RouteHandler {
  const document = memo(build);
  return withEndpoint(
    async (request: Request) => {
      const requestId = newRequestId();
      const headers: Record<string, string> = {};
      try {
        if (carriesApiKey(request.headers)) {
          const key = await authenticate(request);
          await rateLimit(key.keyId, headers);
          return documentResponse(request, document(), { ...headers, "Cache-Control": "no-store" });
        }
        return documentResponse(request, document(), { "Cache-Control": "public, max-age=300" });
      } catch (error) {
        return errorResponse(toApiError(error, requestId), requestId, headers);
      }
    },
    { kind: "raw", operationId },
  );
}

const PUBLIC_HEADERS = { "Access-Control-Allow-Origin": "*", "X-Content-Type-Options": "nosniff" };

/** GET /api/public/openapi.json: key-free like the rest of /api/public, where a key is refused (403 API_KEY_SCOPE). */
export function publicDocumentRoute(build: () => OpenApiDocument, operationId: string): RouteHandler {
  const document = memo(build);
  return withEndpoint(
    async (request: Request) => {
      if (carriesApiKey(request.headers)) return errorResponse(new ApiError("API_KEY_SCOPE", API_KEY_SCOPE_MESSAGE), newRequestId(), PUBLIC_HEADERS);
      return documentResponse(request, document(), { ...PUBLIC_HEADERS, "Cache-Control": "public, max-age=300" });
    },
    { kind: "raw", operationId },
  );
}
