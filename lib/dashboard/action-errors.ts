import { ApiError } from "@/lib/api/error-codes";
import { describeError } from "@/lib/log/describe-error";
import { repeatedError } from "@/lib/log/repeated";

// Server actions answer forms with FormResult (lib/forms.ts). Domain functions throw ApiError, the
// same errors the /api/v1 pipeline turns into its envelope; here they become form messages:
// `details` rows land on their field (first path segment), everything else on the form.

export type FormFailure = { ok: false; fieldErrors: Record<string, string> };

export const SESSION_ENDED: FormFailure = { ok: false, fieldErrors: { form: "Your session has ended. Sign in again." } };

const UNEXPECTED = "Something went wrong on our side. Nothing was changed; try again.";

export function formFailureOf(error: unknown, context: string): FormFailure {
  if (!(error instanceof ApiError)) {
    repeatedError.report(`dashboard:${context}:${describeError(error)}`, { context, err: error }, `${context} failed`);
    return { ok: false, fieldErrors: { form: UNEXPECTED } };
  }
  const fieldErrors: Record<string, string> = {};
  for (const detail of error.details ?? []) {
    const field = detail.path.split(".")[0] || "form";
    fieldErrors[field] ??= detail.message;
  }
  if (Object.keys(fieldErrors).length === 0) fieldErrors.form = error.message;
  return { ok: false, fieldErrors };
}
