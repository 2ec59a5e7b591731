import { z } from "zod";
import { apiContext } from "@/lib/surfaces/api/define-route";
import { ApiError } from "@/lib/platform/http/error-codes";
import type { InputSchemas, ParsedInput } from "@/lib/surfaces/api/steps/parse-input";
import { validate } from "@/lib/surfaces/api/steps/parse-input";
import { authorizeRole, authorizeScope } from "@/lib/surfaces/api/steps/authorize";
import { toApiError } from "@/lib/surfaces/api/to-api-error";
import type { VerifiedKey } from "@/lib/domain/keys/verify-api-key";
import { describeError } from "@/lib/platform/log/describe-error";
import { repeatedWarning } from "@/lib/platform/log/repeated";
import { claimIdempotencyKey, IDEMPOTENCY_HEADER, KEY_PATTERN, requestFingerprint } from "@/lib/surfaces/api/steps/idempotency";
import { IDEMPOTENCY_ARGUMENT, type Tool } from "./tools";

export interface ToolResult {
  [key: string]: unknown;
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

function shapeKeys(schema: z.ZodType | undefined): Set<string> {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return new Set(shape ? Object.keys(shape) : []);
}

// Query strings carry text; a model sends `limit: 20`, which the query schema reads as "20".
function asQueryValue(value: unknown): unknown {
  return typeof value === "number" || typeof value === "boolean" ? String(value) : value;
}

/**
 * The tool's one input object split back into the endpoint's path, query and body, each validated
 * by the endpoint's own schema, so a malformed input gets the same 400 `details` as over REST.
 * A missing path id is a 400 here (REST cannot omit it); an impossible one is a 404 as there.
 */
export function parseToolInput(args: unknown, schemas: InputSchemas = {}): ParsedInput<InputSchemas> {
  if (args !== undefined && (typeof args !== "object" || args === null || Array.isArray(args))) {
    throw new ApiError("VALIDATION_ERROR", "The tool input is not valid.", [{ path: "", message: "Send the arguments as an object.", code: "invalid_type" }]);
  }
  const input = (args ?? {}) as Record<string, unknown>;
  const paramKeys = shapeKeys(schemas.params);
  const queryKeys = shapeKeys(schemas.query);
  const params: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input)) {
    if (paramKeys.has(name)) params[name] = value;
    else if (queryKeys.has(name) || !schemas.body) query[name] = asQueryValue(value);
    else body[name] = value;
  }

  let parsedParams: unknown;
  if (schemas.params) {
    const missing = [...paramKeys].filter((name) => typeof params[name] !== "string");
    if (missing.length) {
      throw new ApiError(
        "VALIDATION_ERROR",
        "The tool input is not valid.",
        missing.map((name) => ({ path: name, message: `${name} is required, as text.`, code: "invalid_type" })),
      );
    }
    const parsed = schemas.params.safeParse(params);
    if (!parsed.success) throw new ApiError("NOT_FOUND", "No such resource.");
    parsedParams = parsed.data;
  }
  // Without a query schema, anything that is not a path or body field is unknown.
  const parsedQuery = schemas.query || Object.keys(query).length ? validate(schemas.query ?? strictEmpty, query, "query") : undefined;
  const parsedBody = schemas.body ? validate(schemas.body, body, "body") : undefined;
  return { params: parsedParams, query: parsedQuery, body: parsedBody } as ParsedInput<InputSchemas>;
}

const strictEmpty = z.strictObject({});

function textResult(body: Record<string, unknown>, isError: boolean): ToolResult {
  const content = [{ type: "text" as const, text: JSON.stringify(body) }];
  // Only a success carries structuredContent: the tool's output schema describes the success envelope.
  return isError ? { content, isError: true } : { content, structuredContent: body };
}

/**
 * A tool call: the endpoint's own scope and role checks, its input schemas, its handler; the
 * result is the endpoint's JSON, and any failure the API's error envelope as a tool error.
 */
export async function callTool(tool: Tool, args: unknown, key: VerifiedKey, requestId: string): Promise<ToolResult> {
  const { spec, run } = tool.entry.endpoint;
  try {
    authorizeScope(key, spec.scope);
    const role = authorizeRole(key, spec.scope);
    const { idempotencyKey, rest } = tool.entry.method === "POST" ? takeIdempotencyKey(args) : { idempotencyKey: null, rest: args };
    const input = parseToolInput(rest, spec.schemas);
    const ctx = apiContext(key, role, requestId);
    if (idempotencyKey === null) return textResult({ success: true, ...(await run(input, ctx)) }, false);
    // The same claim as a REST POST, fingerprinted as that POST would be (its path with the ids
    // filled in, and the parsed input), so a key is one request whichever way it came.
    const claim = await claimIdempotencyKey(key.workspaceId, idempotencyKey, requestFingerprint("POST", restUrlOf(tool, input), input));
    if (claim.kind === "replay") return textResult(claim.body as Record<string, unknown>, false);
    let body: Record<string, unknown>;
    try {
      body = { success: true, ...(await run(input, ctx)) };
    } catch (error) {
      await claim.release().catch(() => {});
      throw error;
    }
    await claim.finish(tool.entry.endpoint.spec.status ?? 200, body).catch((error: unknown) => {
      repeatedWarning.report("idempotency-store", { requestId, error: describeError(error) }, "idempotency answer not stored");
    });
    return textResult(body, false);
  } catch (error) {
    const apiError = toApiError(error, requestId);
    const body: Record<string, unknown> = { success: false, error: apiError.message, code: apiError.code };
    if (apiError.details) body.details = apiError.details;
    body.requestId = requestId;
    return textResult(body, true);
  }
}

/** A write tool's `idempotencyKey` argument, taken out of the endpoint's input; 400 as the header's would be when malformed. */
function takeIdempotencyKey(args: unknown): { idempotencyKey: string | null; rest: unknown } {
  if (!args || typeof args !== "object" || Array.isArray(args) || !(IDEMPOTENCY_ARGUMENT in args)) return { idempotencyKey: null, rest: args };
  const { [IDEMPOTENCY_ARGUMENT]: value, ...rest } = args as Record<string, unknown>;
  if (typeof value !== "string" || !KEY_PATTERN.test(value)) {
    throw new ApiError("VALIDATION_ERROR", `The ${IDEMPOTENCY_ARGUMENT} argument is not valid.`, [
      { path: IDEMPOTENCY_ARGUMENT, message: `Like the ${IDEMPOTENCY_HEADER} header: 1 to 255 visible ASCII characters (a UUID is a good choice).`, code: "invalid_format" },
    ]);
  }
  return { idempotencyKey: value, rest };
}

function restUrlOf(tool: Tool, input: ParsedInput<InputSchemas>): string {
  const params = (input.params ?? {}) as Record<string, string>;
  const path = tool.entry.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
  return `http://mcp.invalid/api/v1${path}`;
}
