import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiParameters } from "zod-openapi";
import type { V1Endpoint } from "@/lib/surfaces/api/define-route";
import { toolNameOf } from "@/lib/surfaces/api/operation";
import type { ErrorCode } from "@/lib/platform/core/errors";
import { successBodyOf } from "@/lib/surfaces/api/response-schemas";
import { MAX_BODY_BYTES } from "@/lib/surfaces/api/steps/parse-input";
import { MIN_ROLE_FOR_SCOPE } from "@/lib/domain/access/roles";
import { apiRateLimitPerMinute } from "@/lib/platform/ratelimit";
import { errorCodeList, errorResponses, headerComponents, headerRefs, RATE_LIMIT_HEADERS, SHARED_SCHEMAS, type ErrorResponseRegistry } from "./components";
import { getV1DocumentOperation, mcpOperation } from "./meta-operations";
import { documentPaths } from "./document-paths";
import { webhookEvents } from "./webhook-events";
import type { OpenApiDocument, RouteEntry, RouteTable } from "./route-table";
import { tagOf, tagsIn } from "./tags";

/**
 * The codes an /api/v1 operation can answer: what its pipeline's steps answer given its schemas
 * (lib/surfaces/api/define-route.ts), plus what its handler declares.
 */
export function v1ErrorCodes(endpoint: V1Endpoint): Set<ErrorCode> {
  const { schemas = {}, operation } = endpoint.spec;
  const codes = new Set<ErrorCode>(["UNAUTHORIZED", "RATE_LIMITED", "INSUFFICIENT_SCOPES", "FORBIDDEN", "INTERNAL_ERROR", "SERVICE_UNAVAILABLE"]);
  if (schemas.params) codes.add("NOT_FOUND");
  if (schemas.query || schemas.body) codes.add("VALIDATION_ERROR");
  if (schemas.body) {
    codes.add("PAYLOAD_TOO_LARGE");
    codes.add("UNSUPPORTED_MEDIA_TYPE");
  }
  for (const code of operation.errors ?? []) codes.add(code);
  return codes;
}

/** zod-openapi's `requestParams` (one parameter per property of each object schema). */
export function requestParams(schemas: { params?: unknown; query?: unknown }): ZodOpenApiParameters {
  const params: ZodOpenApiParameters = {};
  if (schemas.params) params.path = schemas.params as ZodOpenApiParameters["path"];
  if (schemas.query) params.query = schemas.query as ZodOpenApiParameters["query"];
  return params;
}

function v1Operation({ path, endpoint }: RouteEntry<V1Endpoint>, registry: ErrorResponseRegistry): ZodOpenApiOperationObject {
  const { scope, schemas = {}, status = 200, operation } = endpoint.spec;
  const role = MIN_ROLE_FOR_SCOPE[scope].toLowerCase();
  const tool = toolNameOf(operation.id);
  const rules = `**Scope:** \`${scope}\` — the key's creator must currently be **${role}** or above. **MCP tool:** \`${tool}\`.`;
  return {
    operationId: operation.id,
    summary: operation.summary,
    description: [operation.description, rules].filter(Boolean).join("\n\n"),
    tags: [tagOf(path)],
    security: [{ apiKey: [] }],
    "x-required-scope": scope,
    "x-min-creator-role": MIN_ROLE_FOR_SCOPE[scope],
    "x-mcp-tool": tool,
    requestParams: requestParams(schemas),
    requestBody: schemas.body ? { required: true, content: { "application/json": { schema: schemas.body } } } : undefined,
    responses: {
      [String(status)]: {
        description: status === 201 ? "Created." : "OK.",
        headers: headerRefs(["X-Request-Id", ...RATE_LIMIT_HEADERS]),
        content: { "application/json": { schema: successBodyOf(operation) } },
      },
      // A 401 comes before the request is counted; a 500 or 503 may.
      ...errorResponses(v1ErrorCodes(endpoint), (status) => status !== 401 && status < 500, registry),
    },
  };
}

const DESCRIPTION = `The REST API of a workspace: feedback boards and posts, the roadmap, the changelog, the status page, members and todos.

**Authentication.** Create a key in the dashboard (workspace → Settings → API keys) and send it as \`Authorization: Bearer wsk_…\`. Each endpoint needs one scope (its \`x-required-scope\`), and the key acts with its creator's *current* role: demote the creator and the key loses what the new role does not allow on the very next request.

**Envelope.** Every body is JSON with a boolean \`success\`: \`{ "success": true, "data": … }\`, lists add \`pagination: { nextCursor, hasMore }\` (\`?limit=\` 1–100, default 20; \`?cursor=\` the previous page's \`nextCursor\`). Bodies are strict (unknown fields are refused), and so are query parameters. Every answer has \`X-Request-Id\`; errors repeat it as \`requestId\`.

**Order of checks.** Key (401) → rate limit (429) → scope (403 \`INSUFFICIENT_SCOPES\`) → creator's role (403 \`FORBIDDEN\`) → input (400/413/415) → the resource (404) → plan limit (403 \`PLAN_LIMIT\`).

**Rate limit.** 100 requests per rolling minute per key, shared by REST and MCP. Every counted answer carries \`X-RateLimit-Limit/Remaining/Reset\` and the IETF draft's \`RateLimit-Policy: "per-key";q=100;w=60\` and \`RateLimit: "per-key";r=…;t=…\`; a 429 adds \`Retry-After\`.

**Errors.** The \`code\` of an error envelope is one of:

${errorCodeList()}

A body over ${MAX_BODY_BYTES / 1024} KiB is refused before it is read. **MCP:** every operation is also a tool of the MCP server at \`/api/v1/mcp\` (its \`x-mcp-tool\`), on the same key.`;

/** The /api/v1 OpenAPI 3.1 document, from the route table. Built once per process, on first request. */
export function buildV1Document(table: RouteTable): OpenApiDocument {
  const errors: ErrorResponseRegistry = new Map();
  const paths = documentPaths(table, "v1", (entry) => v1Operation(entry, errors), [
    ["/openapi.json", "GET", getV1DocumentOperation(errors)],
    ["/mcp", "POST", mcpOperation(errors)],
  ]);

  return createDocument(
    {
      openapi: "3.1.0",
      info: { title: "Workspace API", version: "1.0.0", description: DESCRIPTION },
      servers: [{ url: "/api/v1", description: "This server" }],
      security: [{ apiKey: [] }],
      tags: tagsIn(Object.keys(paths)).map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
      paths,
      webhooks: webhookEvents(),
      components: {
        securitySchemes: {
          apiKey: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "wsk_ + 36 characters",
            description: "An API key from the dashboard (workspace → Settings → API keys), with the scopes each operation names.",
          },
        },
        headers: headerComponents("per-key", apiRateLimitPerMinute()),
        responses: Object.fromEntries(errors),
        schemas: SHARED_SCHEMAS,
      },
    },
  );
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  Boards: "Feedback boards.",
  Posts: "Feedback posts, with votes and comments.",
  Roadmap: "Roadmap items and their linked posts.",
  Changelog: "Release notes.",
  Status: "Status components and incidents.",
  Members: "Workspace members.",
  Todos: "Todo lists and their items.",
  Webhooks: "Endpoints that receive this workspace's events, their deliveries, and (under `webhooks`) each event's payload.",
  Meta: "The document itself and the MCP server.",
};
