import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { RouteHandler } from "@/lib/surfaces/api/define-route";
import { withEndpoint } from "@/lib/surfaces/api/operation";
import { errorResponse, newRequestId, type HeaderRecord } from "@/lib/platform/http/responses";
import { authenticate } from "@/lib/surfaces/api/steps/authenticate";
import { readJsonBody } from "@/lib/surfaces/api/steps/parse-input";
import { rateLimit } from "@/lib/surfaces/api/steps/rate-limit";
import { toApiError } from "@/lib/surfaces/api/to-api-error";
import type { VerifiedKey } from "@/lib/domain/keys/verify-api-key";
import type { RouteTable } from "@/lib/surfaces/openapi/route-table";
import { callTool } from "./call-tool";
import { toolAllowed, toolsOf } from "./tools";

const INSTRUCTIONS =
  "Tools of this workspace's REST API (/api/v1), one per endpoint, on your API key: you see only what its scopes and its creator's current role allow. " +
  "Results are the endpoint's JSON ({ success, data, pagination? }); failures are tool errors whose text is the API's error envelope, with a `code` and, for invalid input, `details` naming each field. " +
  "Lists are paged: pass `pagination.nextCursor` back as `cursor`. Every call counts against the key's rate limit (100 a minute, shared with REST).";

/** One MCP server per HTTP request (stateless): it knows this request's key and nothing else. */
function serverFor(table: RouteTable, key: VerifiedKey, requestId: string): Server {
  const server = new Server({ name: "workspace-api", version: "1.0.0" }, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS });
  const tools = toolsOf(table);
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [...tools.values()].filter((tool) => toolAllowed(tool, key)).map((tool) => tool.definition),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = tools.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name.slice(0, 100)}. tools/list names the tools of this key.`);
    return callTool(tool, request.params.arguments, key, requestId);
  });
  return server;
}

function jsonRpcError(status: number, code: number, message: string, headers: HeaderRecord): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }), {
    status,
    headers: { ...headers, "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });
}

/**
 * POST /api/v1/mcp: the key goes through the same first steps as every REST call (authenticate →
 * 401, rate limit → 429, one request counted per HTTP request), then the body (64 KiB, JSON, no
 * batches) goes to the SDK's Streamable HTTP transport, answering in plain JSON.
 */
export function mcpRoute(table: RouteTable, operationId: string): RouteHandler {
  return withEndpoint(
    async (request: Request) => {
      const requestId = newRequestId();
      const headers: HeaderRecord = {};
      try {
        const key = await authenticate(request);
        await rateLimit(key.keyId, headers);
        headers["x-request-id"] = requestId;
        let message: unknown;
        try {
          message = await readJsonBody(request);
        } catch (error) {
          const apiError = toApiError(error, requestId);
          if (apiError.code !== "VALIDATION_ERROR") throw apiError;
          return jsonRpcError(400, ErrorCode.ParseError, `Parse error: ${apiError.message}`, headers);
        }
        // JSON-RPC batching left MCP in 2025-06-18; a batch would also let one request run many calls.
        if (Array.isArray(message)) return jsonRpcError(400, ErrorCode.InvalidRequest, "Batches are not supported: send one JSON-RPC message per request.", headers);

        const server = serverFor(table, key, requestId);
        const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
        await server.connect(transport);
        try {
          const response = await transport.handleRequest(request, { parsedBody: message });
          const merged = new Headers(response.headers);
          for (const [name, value] of Object.entries(headers)) merged.set(name, value);
          return new Response(await response.text(), { status: response.status, headers: merged });
        } finally {
          await server.close();
        }
      } catch (error) {
        return errorResponse(toApiError(error, requestId), requestId, headers);
      }
    },
    { kind: "raw", operationId },
  );
}
