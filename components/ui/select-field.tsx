import type { ReactNode, SelectHTMLAttributes } from "react";
import { FieldFrame } from "./field-frame";

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Visually hidden label (still read by assistive technology), for selects inside a row. */
  hideLabel?: boolean;
};

/** A native select with its label, hint and announced error, styled like Field. */
export function SelectField({ label, error, hint, hideLabel = false, className = "", children, ...select }: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} hideLabel={hideLabel} className={className}>
      {(control) => (
        <select {...control} className={`${control.className} disabled:bg-slate-50 disabled:text-slate-500`} {...select}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}
