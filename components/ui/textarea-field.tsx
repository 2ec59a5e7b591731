import type { ReactNode, TextareaHTMLAttributes } from "react";
import { FieldFrame } from "./field-frame";

type TextareaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string; hint?: ReactNode; hideLabel?: boolean };

/** A labelled multi-line input, styled and wired like Field. */
export function TextareaField({ label, error, hint, hideLabel = false, className = "", ...textarea }: TextareaFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} hideLabel={hideLabel} className={className}>
      {(control) => <textarea rows={4} {...control} className={`${control.className} placeholder:text-slate-400`} {...textarea} />}
    </FieldFrame>
  );
}
