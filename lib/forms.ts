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
