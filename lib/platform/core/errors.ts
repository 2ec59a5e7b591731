// The errors the domain throws, whichever surface called it. The codes are the one table every
// surface answers with: the REST API maps each to its HTTP status (lib/platform/http/error-codes.ts), server
// actions turn them into form messages (lib/platform/forms/forms.ts), the MCP server into tool errors.
export const ERROR_CODES = [
  "VALIDATION_ERROR",
  "UNAUTHORIZED",
  "INSUFFICIENT_SCOPES",
  "API_KEY_SCOPE",
  "FORBIDDEN",
  "PLAN_LIMIT",
  "NOT_FOUND",
  "METHOD_NOT_ALLOWED",
  "REQUEST_TIMEOUT",
  "CONFLICT",
  "IDEMPOTENCY_KEY_IN_USE",
  "PRECONDITION_FAILED",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "IDEMPOTENCY_KEY_REUSED",
  "RATE_LIMITED",
  "INTERNAL_ERROR",
  "SERVICE_UNAVAILABLE",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** One problem with the input: which field (dotted path), what is wrong, and a machine code. */
export interface ErrorDetail {
  path: string;
  message: string;
  code: string;
}

/**
 * A refusal the caller can act on. `retryAfterSeconds` tells a throttled caller when to come
 * back; each surface says it its own way (a header, a sentence).
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "DomainError";
  }
}
