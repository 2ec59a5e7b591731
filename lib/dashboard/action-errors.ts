import { ApiError } from "@/lib/api/error-codes";
import { isDatabaseUnavailable } from "@/lib/db/errors";
import { describeError } from "@/lib/log/describe-error";
import { repeatedError } from "@/lib/log/repeated";

// Server actions answer forms with FormResult (lib/forms.ts). Domain functions throw ApiError, the
// same errors the /api/v1 pipeline turns into its envelope; here they become form messages:
// `details` rows land on their field (first path segment), everything else on the form.

export type FormFailure = { ok: false; fieldErrors: Record<string, string> };

export const SESSION_ENDED: FormFailure = { ok: false, fieldErrors: { form: "Your session has ended. Sign in again." } };

const UNEXPECTED = "Something went wrong on our side. Nothing was changed; try again.";

/** What every form says while the database is out of reach (nothing was written: each write is one statement or transaction). */
export const SERVICE_UNAVAILABLE: FormFailure = { ok: false, fieldErrors: { form: "The service is briefly unavailable, try again in a moment." } };

function reportOutage(context: string, error: unknown) {
  repeatedError.report("database-unavailable", { context, error: describeError(error) }, `database unavailable: ${context} answered "briefly unavailable"`);
}

/**
 * The one way a server action answers a database outage: whatever `run` throws because the
 * database is out of reach — the session check included, which would otherwise read as "signed
 * out" — becomes `answer` (SERVICE_UNAVAILABLE for forms); every other error goes on as before.
 */
export async function answerOutage<T, A = FormFailure>(context: string, run: () => Promise<T>, answer: A = SERVICE_UNAVAILABLE as A): Promise<T | A> {
  try {
    return await run();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    reportOutage(context, error);
    return answer;
  }
}

export function formFailureOf(error: unknown, context: string): FormFailure {
  if (isDatabaseUnavailable(error)) {
    reportOutage(context, error);
    return SERVICE_UNAVAILABLE;
  }
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
