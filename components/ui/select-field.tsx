import { useId, type SelectHTMLAttributes } from "react";

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  hint?: React.ReactNode;
  /** Visually hidden label (still read by assistive technology), for selects inside a row. */
  hideLabel?: boolean;
};

/** A native select with its label, hint and announced error, styled like Field. */
export function SelectField({ label, error, hint, hideLabel = false, className = "", children, ...select }: SelectFieldProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ");
  return (
    <div className={`space-y-1 ${className}`}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : "block text-sm font-medium text-slate-800"}>
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm disabled:bg-slate-50 disabled:text-slate-500 ${
          error ? "border-red-500" : "border-slate-300"
        }`}
        {...select}
      >
        {children}
      </select>
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
