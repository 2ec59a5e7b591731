import { useId, type ReactNode } from "react";

/** What the frame hands its control: the ids that tie it to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
  /** Shared look of inputs and selects, with the error border when there is an error. */
  className: string;
}

interface FieldFrameProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Visually hidden label (still read by assistive technology), for controls inside a row. */
  hideLabel?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * Label, hint and announced error around one form control, tied together by ids so assistive
 * technology reads the error with the control. Field and SelectField are its two controls.
 */
export function FieldFrame({ label, error, hint, hideLabel = false, className = "", children }: FieldFrameProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ");
  return (
    <div className={`space-y-1 ${className}`}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : "block text-sm font-medium text-slate-800"}>
        {label}
      </label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
        className: `block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm ${error ? "border-red-500" : "border-slate-300"}`,
      })}
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
