import type { RawOperation } from "@/lib/surfaces/api/operation";
import { errorResponses, headerRefs, RATE_LIMIT_HEADERS, type ErrorResponseRegistry } from "./components";

// The operations of the routes outside both pipelines: the documents themselves and the MCP
// endpoint. Their route files attach these objects, and the documents include them, so the drift
// test treats them like every other route.

const documentResponse = {
  description: "The OpenAPI 3.1 document.",
  headers: headerRefs(["X-Request-Id"]),
  content: {
    "application/json": {
      schema: { type: "object", required: ["openapi", "info", "paths"], properties: { openapi: { const: "3.1.0" }, info: { type: "object" }, paths: { type: "object" } } },
    },
  },
};

export const getV1DocumentOperation = (registry: ErrorResponseRegistry): RawOperation => ({
  operationId: "getOpenApiDocument",
  summary: "This OpenAPI document",
  description:
    "Needs no key. A request that does send one goes through the same key check and rate limit as every /api/v1 call (a bad key is a 401), so the document is no way around them.",
  tags: ["Meta"],
  security: [{}, { apiKey: [] }],
  responses: {
    "200": documentResponse,
    "304": { description: "Not modified (`If-None-Match` matched the `ETag`).", headers: headerRefs(["X-Request-Id"]) },
    ...errorResponses(["UNAUTHORIZED", "RATE_LIMITED", "INTERNAL_ERROR", "SERVICE_UNAVAILABLE"], (status) =>
      status === 429,
      registry,
    ),
  },
});

export const getPublicDocumentOperation = (registry: ErrorResponseRegistry): RawOperation => ({
  operationId: "getPublicOpenApiDocument",
  summary: "This OpenAPI document",
  description: "Needs no key; like the rest of /api/public, a request carrying one is refused with 403 `API_KEY_SCOPE`.",
  tags: ["Meta"],
  responses: {
    "200": documentResponse,
    "304": { description: "Not modified (`If-None-Match` matched the `ETag`).", headers: headerRefs(["X-Request-Id"]) },
    ...errorResponses(["API_KEY_SCOPE", "INTERNAL_ERROR"], () => false, registry),
  },
});

const jsonRpcMessage = {
  type: "object",
  required: ["jsonrpc"],
  properties: { jsonrpc: { const: "2.0" }, id: { type: ["string", "integer", "null"] }, method: { type: "string" } },
};

export const mcpOperation = (registry: ErrorResponseRegistry): RawOperation => ({
  operationId: "mcp",
  summary: "Model Context Protocol (Streamable HTTP)",
  description: [
    "The MCP server for AI assistants, on the same key and the same budget as the REST calls: every HTTP request here counts once against the key's rate limit, and a missing, revoked or expired key is a 401 on the next request.",
    "",
    "One tool per endpoint of this API (each operation's `x-mcp-tool`): `tools/list` shows only the tools the key's scopes and its creator's current role allow; a tool's input schema is its endpoint's path, query and body parameters in one object; its result is the endpoint's JSON; a failure is a tool error (`isError`) carrying the API's error envelope and code.",
    "",
    "Stateless: no session id, no server-initiated stream (GET and DELETE answer 405). JSON-RPC batches are refused; a body over 64 KiB is a 413.",
  ].join("\n"),
  tags: ["Meta"],
  "x-required-scope": "any (per tool)",
  requestBody: { required: true, content: { "application/json": { schema: jsonRpcMessage } } },
  responses: {
    "200": {
      description: "The JSON-RPC response.",
      headers: headerRefs(["X-Request-Id", ...RATE_LIMIT_HEADERS]),
      content: { "application/json": { schema: jsonRpcMessage } },
    },
    "202": { description: "A notification or response was accepted.", headers: headerRefs(["X-Request-Id", ...RATE_LIMIT_HEADERS]) },
    "400": {
      description: "Not a JSON-RPC message, a batch, or malformed JSON (a JSON-RPC error).",
      headers: headerRefs(["X-Request-Id", ...RATE_LIMIT_HEADERS]),
      content: { "application/json": { schema: jsonRpcMessage } },
    },
    "406": {
      description: "The client does not accept both `application/json` and `text/event-stream` (a JSON-RPC error).",
      headers: headerRefs(["X-Request-Id", ...RATE_LIMIT_HEADERS]),
      content: { "application/json": { schema: jsonRpcMessage } },
    },
    ...errorResponses(["UNAUTHORIZED", "PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE", "RATE_LIMITED", "INTERNAL_ERROR", "SERVICE_UNAVAILABLE"], (status) =>
      status !== 401 && status < 500,
      registry,
    ),
  },
});
