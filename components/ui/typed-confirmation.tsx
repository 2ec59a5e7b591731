import { Button } from "@/components/ui/button";
import { DialogBody, DialogFooter } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";

type Props = {
  /** What the person types to confirm (a slug, an address). */
  phrase: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  pending: boolean;
  onCancel: () => void;
  submitLabel: string;
  /** What goes, said above the field. */
  children: React.ReactNode;
};

/** The body and footer of a "type it to confirm" dialog, for deletes that cannot be undone. */
export function TypedConfirmation({ phrase, value, onChange, error, pending, onCancel, submitLabel, children }: Props) {
  return (
    <>
      <DialogBody className="space-y-4 text-sm text-slate-700">
        {children}
        <Field
          label={`Type ${phrase} to confirm`}
          name="confirmation"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          error={error}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          data-autofocus
          readOnly={pending}
        />
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={pending} className="sm:min-w-40">
          {pending ? "Deleting…" : submitLabel}
        </Button>
      </DialogFooter>
    </>
  );
}
