import { createDocument, type oas31, type ZodOpenApiOperationObject } from "zod-openapi";
import { z } from "zod";
import type { PublicEndpoint } from "@/lib/surfaces/public-api/define-public-route";
import type { ErrorCode } from "@/lib/platform/core/errors";
import { successBodyOf } from "@/lib/surfaces/api/response-schemas";
import { CACHE_POLICIES } from "@/lib/surfaces/public-api/define-public-route";
import { publicRateLimitPerMinute } from "@/lib/surfaces/public-api/rate-limit";
import { errorCodeList, errorResponses, headerComponents, headerRefs, LICENSE, RATE_LIMIT_HEADERS, SHARED_SCHEMAS, type ErrorResponseRegistry } from "./components";
import { getPublicDocumentOperation } from "./meta-operations";
import { documentPaths } from "./document-paths";
import type { OpenApiDocument, RouteEntry, RouteTable } from "./route-table";
import { tagOf, tagsIn } from "./tags";
import { requestParams } from "./v1-document";

/** The codes a public operation can answer: its pipeline's (lib/surfaces/public-api/define-public-route.ts) and its handler's. */
export function publicErrorCodes(endpoint: PublicEndpoint): Set<ErrorCode> {
  // NOT_FOUND always: an unknown or unpublished workspace.
  const codes = new Set<ErrorCode>(["API_KEY_SCOPE", "RATE_LIMITED", "NOT_FOUND", "INTERNAL_ERROR", "SERVICE_UNAVAILABLE"]);
  if (endpoint.spec.schemas?.query) codes.add("VALIDATION_ERROR");
  for (const code of endpoint.spec.operation.errors ?? []) codes.add(code);
  return codes;
}

const ifNoneMatch = z.object({
  "if-none-match": z.string().optional().meta({ description: "An `ETag` from an earlier answer: 304 when the answer is unchanged." }),
});

const SUCCESS_HEADERS = ["X-Request-Id", ...RATE_LIMIT_HEADERS, "ETag", "Cache-Control", "X-Cache", "Access-Control-Allow-Origin"];

function publicOperation({ path, endpoint }: RouteEntry<PublicEndpoint>, registry: ErrorResponseRegistry): ZodOpenApiOperationObject {
  const { operation, schemas = {}, cache } = endpoint.spec;
  const { ttlMs, staleMs } = CACHE_POLICIES[cache];
  const caching = `Cached for ${ttlMs / 1000} s (\`Cache-Control: public, max-age=${ttlMs / 1000}, stale-while-revalidate=${staleMs / 1000}\`, never past the answer's next scheduled change).`;
  const content =
    "media" in operation
      ? { [operation.media.contentType]: { schema: { type: "string" as const, description: operation.media.description } } }
      : { "application/json": { schema: successBodyOf(operation) } };
  return {
    operationId: operation.id,
    summary: operation.summary,
    description: [operation.description, caching].filter(Boolean).join("\n\n"),
    tags: [tagOf(path)],
    requestParams: { ...requestParams(schemas), header: ifNoneMatch },
    responses: {
      "200": { description: "OK.", headers: headerRefs(SUCCESS_HEADERS), content },
      "304": { description: "Not modified: `If-None-Match` matched the `ETag`.", headers: headerRefs(["X-Request-Id", ...RATE_LIMIT_HEADERS, "ETag", "Cache-Control"]) },
      // A key is refused before the request is counted; a 500 or 503 may come before it too.
      ...errorResponses(publicErrorCodes(endpoint), (status) => status !== 403 && status < 500, registry),
    },
  };
}

const DESCRIPTION = `What a workspace publishes on its portal (Settings → General → publish the portal), readable by anyone without a key: the status page, public boards and their posts, the roadmap and the changelog. Unknown and unpublished workspaces answer the same 404.

**Envelope and pagination** as on /api/v1: \`{ "success": true, "data": … }\`, lists with \`pagination: { nextCursor, hasMore }\` (\`?limit=\` 1–100, default 20, \`?cursor=\`). Unknown query parameters are ignored here (cache-busters like \`?v=2\` are fine).

**Caching.** Every answer has a weak \`ETag\`; \`If-None-Match\` answers 304. **CORS:** \`Access-Control-Allow-Origin: *\`, preflight for GET and HEAD.

**Keys are refused.** A request carrying an API key (\`Authorization: Bearer …\` or \`X-API-Key\`) is answered 403 \`API_KEY_SCOPE\`: keys work only under /api/v1.

**Rate limit.** ${publicRateLimitPerMinute()} requests per rolling minute per client IP, with \`X-RateLimit-*\` and the IETF draft's \`RateLimit-Policy: "per-ip";q=…;w=60\` and \`RateLimit\`; a 429 adds \`Retry-After\`.

**Errors:**

${errorCodeList(["VALIDATION_ERROR", "API_KEY_SCOPE", "NOT_FOUND", "METHOD_NOT_ALLOWED", "RATE_LIMITED", "INTERNAL_ERROR", "SERVICE_UNAVAILABLE"])}`;

const PUBLIC_HEADERS: Record<string, oas31.HeaderObject> = {
  ETag: { description: "A weak validator of the body; send it back as `If-None-Match`.", required: true, schema: { type: "string" }, example: 'W/"5d41402abc4b2a76"' },
  "Cache-Control": { description: "How long shared caches may keep the answer.", required: true, schema: { type: "string" }, example: "public, max-age=60, s-maxage=60, stale-while-revalidate=300" },
  "X-Cache": { description: "`HIT` when this instance answered from its own cache, else `MISS`.", required: true, schema: { type: "string", enum: ["HIT", "MISS"] } },
  "Access-Control-Allow-Origin": { description: "Any origin may read it.", required: true, schema: { type: "string", const: "*" } },
};

/** The /api/public OpenAPI 3.1 document, from the route table. Built once per process, on first request. */
export function buildPublicDocument(table: RouteTable): OpenApiDocument {
  const errors: ErrorResponseRegistry = new Map();
  const paths = documentPaths(table, "public", (entry) => publicOperation(entry, errors), [["/openapi.json", "GET", getPublicDocumentOperation(errors)]]);

  return createDocument({
    openapi: "3.1.0",
    info: { title: "Workspace public API", version: "1.0.0", description: DESCRIPTION, license: LICENSE },
    servers: [{ url: "/api/public", description: "This server" }],
    security: [],
    tags: tagsIn(Object.keys(paths)).map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
    paths,
    components: {
      headers: { ...headerComponents("per-ip", publicRateLimitPerMinute()), ...PUBLIC_HEADERS },
      responses: Object.fromEntries(errors),
      schemas: SHARED_SCHEMAS,
    },
  });
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  Status: "The status page, its incidents and badges.",
  Boards: "Public feedback boards and their posts.",
  Posts: "One post with its comments.",
  Roadmap: "The public roadmap.",
  Changelog: "Published release notes and their feed.",
  Meta: "The document itself.",
};
