import { useState } from "react";
import type { FormResult } from "@/lib/platform/forms/forms";

/** Return from `onSuccess` to keep the form busy while the page navigates away. */
export const STAY_PENDING = Symbol("stay pending");

/**
 * The life of a form that calls a server action: busy while it runs, field errors from the
 * action's FormResult, and one form-level message when the server could not be reached (the
 * action threw), so nothing looks saved that was not. The form keeps its own field state.
 */
export function useActionForm(unreachableMessage: string) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  async function submit<T>(action: () => Promise<FormResult<T>>, onSuccess: (data: T) => unknown) {
    setPending(true);
    setErrors({});
    let stayPending = false;
    try {
      const result = await action();
      if (!result.ok) {
        setErrors(result.fieldErrors);
        return;
      }
      stayPending = (await onSuccess(result.data)) === STAY_PENDING;
    } catch {
      setErrors({ form: unreachableMessage });
    } finally {
      if (!stayPending) setPending(false);
    }
  }

  /** The form-level message: `form`, or an error on a field this form does not show. */
  function formError(shownFields: ReadonlySet<string> = new Set()) {
    return errors.form ?? Object.entries(errors).find(([field]) => !shownFields.has(field))?.[1];
  }

  return { errors, setErrors, pending, setPending, submit, formError };
}
