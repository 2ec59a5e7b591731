import type { ZodError } from "zod";
import { DomainError, type ErrorCode } from "@/lib/platform/core/errors";
import { isDatabaseUnavailable } from "@/lib/platform/db/errors";
import { describeError } from "@/lib/platform/log/describe-error";
import { repeatedError } from "@/lib/platform/log/repeated";

// What a server action answers a form: the value, or one message per field (and `form` for
// messages that belong to no single field).
export type FormResult<T> = { ok: true; data: T } | { ok: false; fieldErrors: Record<string, string> };

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

export function fieldErrorsOf(error: ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    out[key] ??= issue.message;
  }
  return out;
}

/** A form's own wording for some error codes, said on the form instead of the domain's message. */
export type FormMessages = Partial<Record<ErrorCode, string>>;

/**
 * What the domain threw, as form messages: `details` rows land on their field (first path
 * segment), everything else on the form. Anything that is not a DomainError is a bug: it is
 * logged under `context` and the form says only that nothing was changed.
 */
export function formFailureOf(error: unknown, context: string, messages: FormMessages = {}): FormFailure {
  if (isDatabaseUnavailable(error)) {
    reportOutage(context, error);
    return SERVICE_UNAVAILABLE;
  }
  if (!(error instanceof DomainError)) {
    repeatedError.report(`dashboard:${context}:${describeError(error)}`, { context, err: error }, `${context} failed`);
    return { ok: false, fieldErrors: { form: UNEXPECTED } };
  }
  const own = messages[error.code];
  if (own) return { ok: false, fieldErrors: { form: own } };
  const fieldErrors: Record<string, string> = {};
  for (const detail of error.details ?? []) {
    const field = detail.path.split(".")[0] || "form";
    fieldErrors[field] ??= detail.message;
  }
  if (Object.keys(fieldErrors).length === 0) fieldErrors.form = error.message;
  return { ok: false, fieldErrors };
}

/**
 * The body of every server action after its session check: run the domain call and answer the
 * form with its value, or with what it refused (see formFailureOf). `context` labels unexpected
 * failures in the log.
 */
export async function runAction<T>(context: string, run: () => Promise<T>, messages?: FormMessages): Promise<FormResult<T>> {
  try {
    return { ok: true, data: await run() };
  } catch (error) {
    return formFailureOf(error, context, messages);
  }
}
/**
 * A server action as a client component receives it, in props: the page that owns the action
 * hands it down, so components never import from app/. `T` is what the action answers on success.
 */
export type FormAction<Args extends unknown[], T> = (...args: Args) => Promise<FormResult<T>>;

/** What a domain function resolves to, for the `T` of a FormAction that calls it. */
export type Resolved<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;
