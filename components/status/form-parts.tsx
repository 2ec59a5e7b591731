import { TextareaField } from "@/components/ui/textarea-field";

/** The options of a select over a fixed set of values, each shown by its label. */
export function LabelOptions<T extends string>({ values, labels }: { values: readonly T[]; labels: Record<T, string> }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  ));
}

type MessageFieldProps = { value: string; onChange: (value: string) => void; error?: string; pending: boolean; placeholder?: string; hint?: string; rows?: number };

/** The message of an incident, an update or a maintenance window (up to 10,000 characters). */
export function MessageField({ value, onChange, error, pending, placeholder, hint, rows = 3 }: MessageFieldProps) {
  return (
    <TextareaField
      label="Message"
      name="message"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      maxLength={10_000}
      rows={rows}
      placeholder={placeholder}
      hint={hint}
      readOnly={pending}
    />
  );
}
