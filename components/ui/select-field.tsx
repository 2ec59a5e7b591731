import type { ReactNode, SelectHTMLAttributes } from "react";
import { FieldFrame } from "./field-frame";
import { useHydrated } from "./use-hydrated";

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Visually hidden label (still read by assistive technology), for selects inside a row. */
  hideLabel?: boolean;
};

/** A native select with its label, hint and announced error, styled like Field. */
export function SelectField({ label, error, hint, hideLabel = false, className = "", children, disabled, ...select }: SelectFieldProps) {
  // A select that acts on change (a role saved at once) does nothing before React hydrates: it
  // waits disabled until then. One read in a form's submit needs no wait.
  const hydrated = useHydrated();
  const waiting = select.onChange !== undefined && !hydrated;
  return (
    <FieldFrame label={label} error={error} hint={hint} hideLabel={hideLabel} className={className}>
      {(control) => (
        <select {...control} className={`${control.className} disabled:bg-slate-50 disabled:text-slate-500`} disabled={disabled || waiting} {...select}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}
