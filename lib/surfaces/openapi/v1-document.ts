import { z } from "zod";
import { createDocument, type oas31, type ZodOpenApiOperationObject, type ZodOpenApiParameters } from "zod-openapi";
import type { V1Endpoint } from "@/lib/surfaces/api/define-route";
import { toolNameOf } from "@/lib/surfaces/api/operation";
import type { ErrorCode } from "@/lib/platform/core/errors";
import { successBodyOf } from "@/lib/surfaces/api/response-schemas";
import { MAX_BODY_BYTES } from "@/lib/surfaces/api/steps/parse-input";
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_WINDOW_HOURS, REPLAYED_HEADER } from "@/lib/surfaces/api/steps/idempotency";
import type { OperationMethod } from "./route-table";
import { MIN_ROLE_FOR_SCOPE } from "@/lib/domain/access/roles";
import { apiRateLimitPerMinute } from "@/lib/platform/ratelimit";
import { errorCodeList, errorResponses, headerComponents, headerRefs, LICENSE, RATE_LIMIT_HEADERS, SHARED_SCHEMAS, type ErrorResponseRegistry } from "./components";
import { getV1DocumentOperation, mcpOperation } from "./meta-operations";
import { exportArchiveOperation, exportPostsCsvOperation, uploadImportOperation } from "./transfer-operations";
import { documentPaths } from "./document-paths";
import { webhookEvents } from "./webhook-events";
import type { OpenApiDocument, RouteEntry, RouteTable } from "./route-table";
import { tagOf, tagsIn } from "./tags";

/**
 * The codes an /api/v1 operation can answer: what its pipeline's steps answer given its schemas
 * (lib/surfaces/api/define-route.ts), plus what its handler declares.
 */
export function v1ErrorCodes(endpoint: V1Endpoint, method: OperationMethod): Set<ErrorCode> {
  const { schemas = {}, operation } = endpoint.spec;
  const codes = new Set<ErrorCode>(["UNAUTHORIZED", "RATE_LIMITED", "INSUFFICIENT_SCOPES", "FORBIDDEN", "INTERNAL_ERROR", "SERVICE_UNAVAILABLE"]);
  if (schemas.params) codes.add("NOT_FOUND");
  if (schemas.query || schemas.body) codes.add("VALIDATION_ERROR");
  if (schemas.body) {
    codes.add("PAYLOAD_TOO_LARGE");
    codes.add("UNSUPPORTED_MEDIA_TYPE");
  }
  if (method === "POST") {
    for (const code of ["VALIDATION_ERROR", "IDEMPOTENCY_KEY_IN_USE", "IDEMPOTENCY_KEY_REUSED"] as const) codes.add(code);
  }
  if (endpoint.spec.current) codes.add("PRECONDITION_FAILED");
  for (const code of operation.errors ?? []) codes.add(code);
  return codes;
}

const idempotencyHeader = z.object({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .min(1)
    .max(255)
    .optional()
    .meta({
      description: `Makes a retry safe: the same key with the same request within ${IDEMPOTENCY_WINDOW_HOURS} hours answers the first success again (with \`${REPLAYED_HEADER}: true\`) without acting twice. A UUID per logical request.`,
      example: "5f1c9a1e-8d2b-4a53-9f0e-3c6b2d7e4a10",
    }),
});

const ifMatchHeader = z.object({
  "If-Match": z
    .string()
    .optional()
    .meta({ description: "The `ETag` of the version you read (or `*`): when the resource has changed since, nothing is changed and the answer is 412 `PRECONDITION_FAILED`." }),
});

/** Headers only /api/v1 answers: the validator of one resource and the replay marker. */
export const V1_HEADERS = {
  ETag: { description: "A strong validator of this resource as GET answers it; send it as `If-Match` on PATCH or DELETE.", required: true, schema: { type: "string" }, example: '"Xb3k9qTz0r7mWc2d5fJ8hYp1sLa"' },
  [REPLAYED_HEADER]: { description: "`true` when this is the stored answer of an earlier request with the same `Idempotency-Key`.", required: false, schema: { type: "string", const: "true" } },
} satisfies Record<string, oas31.HeaderObject>;

function successHeaders(method: OperationMethod, endpoint: V1Endpoint): string[] {
  const names = ["X-Request-Id", ...RATE_LIMIT_HEADERS];
  if (method === "GET" && !endpoint.spec.operation.paginated) names.push("ETag");
  if (method === "PATCH" && endpoint.spec.current) names.push("ETag");
  if (method === "POST") names.push(REPLAYED_HEADER);
  return names;
}

function headerParams(method: OperationMethod, endpoint: V1Endpoint) {
  if (method === "POST") return idempotencyHeader;
  if (endpoint.spec.current) return ifMatchHeader;
  return undefined;
}

/** zod-openapi's `requestParams` (one parameter per property of each object schema). */
export function requestParams(schemas: { params?: unknown; query?: unknown }): ZodOpenApiParameters {
  const params: ZodOpenApiParameters = {};
  if (schemas.params) params.path = schemas.params as ZodOpenApiParameters["path"];
  if (schemas.query) params.query = schemas.query as ZodOpenApiParameters["query"];
  return params;
}

function v1Operation({ path, method, endpoint }: RouteEntry<V1Endpoint>, registry: ErrorResponseRegistry): ZodOpenApiOperationObject {
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
    requestParams: { ...requestParams(schemas), ...(headerParams(method, endpoint) ? { header: headerParams(method, endpoint) } : {}) },
    requestBody: schemas.body ? { required: true, content: { "application/json": { schema: schemas.body } } } : undefined,
    responses: {
      [String(status)]: {
        description: status === 201 ? "Created." : "OK.",
        headers: headerRefs(successHeaders(method, endpoint)),
        content: { "application/json": { schema: successBodyOf(operation) } },
      },
      // A 401 comes before the request is counted; a 500 or 503 may.
      ...errorResponses(v1ErrorCodes(endpoint, method), (status) => status !== 401 && status < 500, registry),
    },
  };
}

const DESCRIPTION = `The REST API of a workspace: feedback boards and posts, the roadmap, the changelog, the status page, members and todos.

**Authentication.** Create a key in the dashboard (workspace → Settings → API keys) and send it as \`Authorization: Bearer wsk_…\`. Each endpoint needs one scope (its \`x-required-scope\`), and the key acts with its creator's *current* role: demote the creator and the key loses what the new role does not allow on the very next request.

**Envelope.** Every body is JSON with a boolean \`success\`: \`{ "success": true, "data": … }\`, lists add \`pagination: { nextCursor, hasMore }\` (\`?limit=\` 1–100, default 20; \`?cursor=\` the previous page's \`nextCursor\`). Bodies are strict (unknown fields are refused), and so are query parameters. Every answer has \`X-Request-Id\`; errors repeat it as \`requestId\`.

**Order of checks.** Key (401) → rate limit (429) → scope (403 \`INSUFFICIENT_SCOPES\`) → creator's role (403 \`FORBIDDEN\`) → input (400/413/415) → the resource (404) → plan limit (403 \`PLAN_LIMIT\`).

**Safe retries.** Every POST takes an \`Idempotency-Key\`: the same key and request within 24 hours answers the first success again (\`Idempotent-Replayed: true\`) without acting twice; another request under the key is a 422 \`IDEMPOTENCY_KEY_REUSED\`, one still running a 409 \`IDEMPOTENCY_KEY_IN_USE\`. The MCP endpoint carries JSON-RPC messages, so its write tools take the key as an \`idempotencyKey\` argument instead.

**Conditional updates.** A single-resource GET answers an \`ETag\`; PATCH and DELETE take \`If-Match\` and answer 412 \`PRECONDITION_FAILED\` when the resource changed since. Lists take \`updatedSince\`.

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
    ["/export", "GET", exportArchiveOperation(errors)],
    ["/export/posts", "GET", exportPostsCsvOperation(errors)],
    ["/imports/upload", "POST", uploadImportOperation(errors)],
  ]);

  return createDocument(
    {
      openapi: "3.1.0",
      info: { title: "Workspace API", version: "1.0.0", description: DESCRIPTION, license: LICENSE },
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
        headers: { ...headerComponents("per-key", apiRateLimitPerMinute()), ...V1_HEADERS },
        responses: Object.fromEntries(errors),
        schemas: SHARED_SCHEMAS,
      },
    },
  );
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  Boards: "Feedback boards.",
  Posts: "Feedback posts, with votes and comments.",
  Comments: "Moderating a comment (creating one is under its post).",
  Roadmap: "Roadmap items and their linked posts.",
  Changelog: "Release notes.",
  Status: "Status components and incidents.",
  Members: "Workspace members.",
  Invitations: "Invitations to join the workspace.",
  Todos: "Todo lists and their items.",
  Webhooks: "Endpoints that receive this workspace's events, their deliveries, and (under `webhooks`) each event's payload.",
  Export: "The whole workspace as an archive, and its posts as CSV.",
  Imports: "Imports from this product's archive, Canny, Fider, Statuspage or a CSV: preview, run, progress, undo.",
  Meta: "The document itself and the MCP server.",
};
