import type { ZodError } from "zod";
import type { ErrorDetail } from "./errors";

/** zod issues as the `details` rows of a VALIDATION_ERROR. */
export function zodDetails(error: ZodError, prefix?: string): ErrorDetail[] {
  return error.issues.flatMap((issue): ErrorDetail[] => {
    const base = [prefix, ...issue.path.map(String)].filter(Boolean).join(".");
    // An unknown field is reported on the field itself, so a client sees which one to drop.
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({
        path: base ? `${base}.${key}` : key,
        message: `Unknown field "${key}".`,
        code: issue.code,
      }));
    }
    // A refinement may name its own code (`invalid_cursor`) in its params.
    const own = issue.code === "custom" ? (issue.params as { code?: unknown } | undefined)?.code : undefined;
    return [{ path: base, message: issue.message, code: typeof own === "string" ? own : issue.code }];
  });
}
