import type { InputHTMLAttributes } from "react";
import { FieldFrame } from "./field-frame";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string;
  hint?: string;
};

/** A labelled input whose error is announced and tied to it for assistive technology. */
export function Field({ label, error, hint, className = "", ...input }: FieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {(control) => <input {...control} className={`${control.className} placeholder:text-slate-400`} {...input} />}
    </FieldFrame>
  );
}
