// The one table that decides each error code's HTTP status. The `code` enum of the error envelope,
// the pipeline's responses and docs/api.md's error table all come from here.
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  INSUFFICIENT_SCOPES: 403,
  API_KEY_SCOPE: 403,
  FORBIDDEN: 403,
  PLAN_LIMIT: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** When each code is answered: the OpenAPI documents' error tables are written from this. */
export const ERROR_MEANINGS: Record<ErrorCode, string> = {
  VALIDATION_ERROR:
    "The body or query failed validation (with `details`), malformed JSON, invalid UTF-8, or a state change the resource does not allow. Unknown body fields and (on /api/v1) unknown query parameters are refused.",
  UNAUTHORIZED: "The API key is missing, malformed, mistyped, unknown, revoked or expired.",
  INSUFFICIENT_SCOPES: "The key lacks the endpoint's scope; the message names it.",
  API_KEY_SCOPE: "An API key was sent outside /api/v1 (keys work only there).",
  FORBIDDEN: "The key's creator's current role does not allow this scope any more, or the creator left the workspace.",
  PLAN_LIMIT: "The Free plan's limit for this resource is reached.",
  NOT_FOUND: "No such resource, or it belongs to another workspace (the same answer); an unknown path; an unpublished portal.",
  METHOD_NOT_ALLOWED: "Wrong method; `Allow` lists the right ones.",
  CONFLICT: "The resource changed while the request ran; fetch it and retry.",
  PAYLOAD_TOO_LARGE: "The body is over 64 KiB.",
  UNSUPPORTED_MEDIA_TYPE: "A body that is not `Content-Type: application/json`.",
  RATE_LIMITED: "Over the rate limit; wait `Retry-After` seconds.",
  INTERNAL_ERROR: "A bug: the body has no internals; quote the `requestId`.",
  SERVICE_UNAVAILABLE: "A dependency (the database) is unavailable; retry after `Retry-After` seconds.",
};

export interface ErrorDetail {
  path: string;
  message: string;
  code: string;
}

/** Thrown anywhere below a route; the pipeline's single catch turns it into the envelope. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
    this.status = ERROR_STATUS[code];
  }
}
