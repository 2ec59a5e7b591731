import type { oas31 } from "zod-openapi";
import { ERROR_CODES, type ErrorCode } from "@/lib/platform/core/errors";
import { ERROR_MEANINGS, ERROR_STATUS } from "@/lib/platform/http/error-codes";

/** The product's license, named in both documents so that clients and linters know the terms. */
export const LICENSE: oas31.LicenseObject = { name: "GNU Affero General Public License v3.0 only", identifier: "AGPL-3.0-only" };
import { errorEnvelopeSchema, paginationSchema } from "@/lib/surfaces/api/response-schemas";
import { RATE_LIMIT_WINDOW_SECONDS, type RateLimitPolicyName } from "@/lib/surfaces/api/steps/rate-limit";
import { planLimitMessage } from "@/lib/domain/plans/limits";

// What both documents share: the error envelope and its codes, the response headers, and the
// error responses of an operation written from the codes it can answer.

const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** The response headers of a document whose requests are counted under `policy`, `limit` a minute. */
export function headerComponents(policy: RateLimitPolicyName, limit: number) {
  return {
    "X-Request-Id": { description: "This answer's id; errors repeat it as `requestId`.", required: true, schema: { type: "string" }, example: "req_3f9c2b7e0d4a4c1e9b8f6a5d2c1e0f9a" },
    "X-RateLimit-Limit": { description: "Requests allowed per rolling minute.", required: true, schema: { type: "integer" }, example: limit },
    "X-RateLimit-Remaining": { description: "Requests left in the window.", required: true, schema: { type: "integer" }, example: limit - 1 },
    "X-RateLimit-Reset": { description: "Unix time (seconds) at which the window next frees capacity.", required: true, schema: { type: "integer" }, example: 1767225600 },
    "RateLimit-Policy": {
      description: "The IETF httpapi draft's quota policy: its name, quota `q` and window `w` in seconds.",
      required: true,
      schema: { type: "string" },
      example: `"${policy}";q=${limit};w=${RATE_LIMIT_WINDOW_SECONDS}`,
    },
    RateLimit: {
      description: "The IETF httpapi draft's current state of that policy: `r` requests remaining, `t` seconds until the window next frees capacity.",
      required: true,
      schema: { type: "string" },
      example: `"${policy}";r=${limit - 1};t=42`,
    },
    "Retry-After": { description: "Seconds to wait before retrying.", required: true, schema: { type: "integer" }, example: 12 },
  } satisfies Record<string, oas31.HeaderObject>;
}

export type HeaderName = keyof ReturnType<typeof headerComponents>;

export const RATE_LIMIT_HEADERS: HeaderName[] = ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "RateLimit-Policy", "RateLimit"];

export function headerRefs(names: readonly string[]): Record<string, oas31.ReferenceObject> {
  return Object.fromEntries(names.map((name) => [name, ref(name)]));
}

export const SHARED_SCHEMAS = { ErrorEnvelope: errorEnvelopeSchema, Pagination: paginationSchema };

const REASONS: Record<number, string> = {
  400: "Bad request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not found",
  405: "Method not allowed",
  409: "Conflict",
  412: "Precondition failed",
  413: "Payload too large",
  415: "Unsupported media type",
  422: "Unprocessable content",
  429: "Too many requests",
  500: "Internal error",
  503: "Service unavailable",
};

const EXAMPLE_MESSAGES: Partial<Record<ErrorCode, string>> = {
  VALIDATION_ERROR: "The request body is not valid.",
  UNAUTHORIZED: "Send your API key as `Authorization: Bearer <key>`.",
  INSUFFICIENT_SCOPES: "This API key lacks the scope posts:write required by this endpoint.",
  API_KEY_SCOPE: "API keys can only be used with /api/v1 endpoints.",
  FORBIDDEN: "The creator of this API key is viewer; posts:write needs member or above.",
  PLAN_LIMIT: planLimitMessage("FREE", "posts"),
  NOT_FOUND: "No such resource.",
  RATE_LIMITED: "Rate limit of 100 requests per minute exceeded. Retry in 12 s.",
};

function errorExample(code: ErrorCode) {
  const value: Record<string, unknown> = { success: false, error: EXAMPLE_MESSAGES[code] ?? ERROR_MEANINGS[code], code };
  if (code === "VALIDATION_ERROR") value.details = [{ path: "title", message: "title must not be empty.", code: "too_small" }];
  value.requestId = "req_3f9c2b7e0d4a4c1e9b8f6a5d2c1e0f9a";
  return { summary: code, description: ERROR_MEANINGS[code], value };
}

/** The documents' shared error responses (`components.responses`), filled as operations name them. */
export type ErrorResponseRegistry = Map<string, oas31.ResponseObject>;

const pascal = (code: string) => code.toLowerCase().replace(/(^|_)([a-z])/g, (_match, _sep, letter: string) => letter.toUpperCase());

/**
 * One response per status for `codes`, each naming exactly the codes it may carry (so an answer
 * with any other code fails validation against the document), with an example of each; kept once
 * in `registry` and referenced. Every error carries X-Request-Id, a 429 or 503 Retry-After, and
 * the rate-limit headers where `hasRateLimitHeaders(status)` says the request had been counted.
 */
export function errorResponses(
  codes: Iterable<ErrorCode>,
  hasRateLimitHeaders: (status: number) => boolean,
  registry: ErrorResponseRegistry,
): Record<string, oas31.ReferenceObject> {
  const wanted = new Set(codes);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of ERROR_CODES.filter((candidate) => wanted.has(candidate))) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const refs: Record<string, oas31.ReferenceObject> = {};
  for (const [status, statusCodes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const counted = hasRateLimitHeaders(status);
    const response = errorResponse(status, statusCodes, counted);
    let name = statusCodes.map(pascal).join("Or");
    if (registry.has(name) && JSON.stringify(registry.get(name)) !== JSON.stringify(response)) name += counted ? "Counted" : "Uncounted";
    registry.set(name, response);
    refs[String(status)] = { $ref: `#/components/responses/${name}` };
  }
  return refs;
}

function errorResponse(status: number, codes: ErrorCode[], counted: boolean): oas31.ResponseObject {
  return {
    description: `${REASONS[status] ?? "Error"}: ${codes.map((code) => `\`${code}\``).join(", ")}.`,
    headers: headerRefs([
      "X-Request-Id",
      ...(counted ? RATE_LIMIT_HEADERS : []),
      ...(status === 429 || status === 503 ? (["Retry-After"] as const) : []),
    ]),
    content: {
      "application/json": {
        schema: { allOf: [{ $ref: "#/components/schemas/ErrorEnvelope" }, { type: "object", properties: { code: { enum: codes } } }] },
        examples: Object.fromEntries(codes.map((code) => [code, errorExample(code)])),
      },
    },
  };
}

/** Every code as a Markdown list (a table's status column is too narrow in a reference's text column). */
export function errorCodeList(codes: readonly ErrorCode[] = ERROR_CODES): string {
  return codes.map((code) => `- **${ERROR_STATUS[code]}** \`${code}\` — ${ERROR_MEANINGS[code]}`).join("\n");
}
