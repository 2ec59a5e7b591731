import { Prisma } from "@/lib/generated/prisma/client";
import { isDatabaseUnavailable } from "@/lib/platform/db/errors";
import { isClientAbort } from "@/lib/platform/http/client-abort";
import { describeError } from "@/lib/platform/log/describe-error";
import { repeatedError } from "@/lib/platform/log/repeated";
import { DomainError } from "@/lib/platform/core/errors";
import { ApiError } from "@/lib/platform/http/error-codes";

const RETRY_AFTER_SECONDS = "5";

/** The single place where anything thrown below a route becomes an API error. */
export function toApiError(error: unknown, requestId: string): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof DomainError) {
    const headers = error.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(error.retryAfterSeconds) };
    return new ApiError(error.code, error.message, error.details, headers);
  }
  // Nobody is left to read the answer, and nothing was written: not worth a log line.
  if (isClientAbort(error)) {
    return new ApiError("VALIDATION_ERROR", "The request body was cut off: the connection closed before all of it arrived.");
  }
  if (isDatabaseUnavailable(error)) {
    repeatedError.report("database-unavailable", { requestId, error: describeError(error) }, "database unavailable");
    return new ApiError("SERVICE_UNAVAILABLE", "The service is temporarily unavailable. Retry shortly.", undefined, {
      "Retry-After": RETRY_AFTER_SECONDS,
    });
  }
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (error.code === "P2025" || error.code === "P2001") return new ApiError("NOT_FOUND", "No such resource.");
    if (error.code === "P2002") return new ApiError("CONFLICT", "A resource with these values already exists.");
    if (error.code === "P2003") return new ApiError("CONFLICT", "A referenced resource does not exist or is still in use.");
    if (error.code === "P2034") {
      return new ApiError("SERVICE_UNAVAILABLE", "The request conflicted with a concurrent change. Retry it.", undefined, {
        "Retry-After": "1",
      });
    }
  }
  repeatedError.report(`unexpected:${describeError(error)}`, { requestId, err: error }, "unexpected error");
  return new ApiError("INTERNAL_ERROR", "An unexpected error occurred. Quote the request id if you contact support.");
}
