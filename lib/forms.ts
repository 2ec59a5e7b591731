import type { ZodError } from "zod";

// What a server action answers a form: the value, or one message per field (and `form` for
// messages that belong to no single field).
export type FormResult<T> = { ok: true; data: T } | { ok: false; fieldErrors: Record<string, string> };

export function fieldErrorsOf(error: ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * A server action as a client component receives it, in props: the page that owns the action
 * hands it down, so components never import from app/. `T` is what the action answers on success.
 */
export type FormAction<Args extends unknown[], T> = (...args: Args) => Promise<FormResult<T>>;

/** What a domain function resolves to, for the `T` of a FormAction that calls it. */
export type Resolved<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;
