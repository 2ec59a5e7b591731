import { DomainError, type ErrorCode, type ErrorDetail } from "@/lib/platform/core/errors";

// The HTTP status of each code of the one error table (lib/platform/core/errors.ts). The pipeline's
// responses and the README's error table come from here.
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  INSUFFICIENT_SCOPES: 403,
  API_KEY_SCOPE: 403,
  FORBIDDEN: 403,
  PLAN_LIMIT: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  IDEMPOTENCY_KEY_IN_USE: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<ErrorCode, number>;

/** When each code is answered: the OpenAPI documents' error tables are written from this. */
export const ERROR_MEANINGS: Record<ErrorCode, string> = {
  VALIDATION_ERROR:
    "The body or query failed validation (with `details`), malformed JSON, invalid UTF-8, a body cut off by the client closing the connection, a path with a malformed percent-escape, or a state change the resource does not allow. Unknown body fields and (on /api/v1) unknown query parameters are refused.",
  UNAUTHORIZED: "The API key is missing, malformed, mistyped, unknown, revoked or expired.",
  INSUFFICIENT_SCOPES: "The key lacks the endpoint's scope; the message names it.",
  API_KEY_SCOPE: "An API key was sent outside /api/v1 (keys work only there).",
  FORBIDDEN: "The key's creator's current role does not allow this scope any more, or the creator left the workspace.",
  PLAN_LIMIT: "The Free plan's limit for this resource is reached.",
  NOT_FOUND: "No such resource, or it belongs to another workspace (the same answer); an unknown path; an unpublished portal.",
  METHOD_NOT_ALLOWED: "Wrong method; `Allow` lists the right ones.",
  REQUEST_TIMEOUT: "The request's headers or body did not arrive within the server's deadline (30 s by default).",
  CONFLICT: "The resource changed while the request ran; fetch it and retry.",
  IDEMPOTENCY_KEY_IN_USE: "Another request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer.",
  PRECONDITION_FAILED: "`If-Match` names a version the resource no longer has: fetch it again (its `ETag`) and decide.",
  PAYLOAD_TOO_LARGE: "The body is over 64 KiB.",
  UNSUPPORTED_MEDIA_TYPE: "A body that is not `Content-Type: application/json`.",
  IDEMPOTENCY_KEY_REUSED: "This `Idempotency-Key` was used in the last 24 hours for another request (another path or body); use a new key.",
  RATE_LIMITED: "Over the rate limit; wait `Retry-After` seconds.",
  INTERNAL_ERROR: "A bug: the body has no internals; quote the `requestId`.",
  SERVICE_UNAVAILABLE: "A dependency (the database) is unavailable; retry after `Retry-After` seconds.",
};

/**
 * An error as the HTTP layer answers it: a domain error with its status, and the headers an answer
 * carries (Retry-After, Allow). The pipeline's own refusals (a missing key, a wrong method) are
 * thrown as this; whatever the domain throws becomes one in toApiError.
 */
export class ApiError extends DomainError {
  readonly status: number;
  constructor(
    code: ErrorCode,
    message: string,
    details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(code, message, details);
    this.name = "ApiError";
    this.status = ERROR_STATUS[code];
  }
}
