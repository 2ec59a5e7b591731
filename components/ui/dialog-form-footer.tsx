import { Button } from "./button";
import { DialogFooter } from "./dialog";

/** The footer of a dialog that holds a form: Cancel, and the submit button that says when it is busy. */
export function DialogFormFooter({ onCancel, pending, label, pendingLabel, disabled = false }: { onCancel: () => void; pending: boolean; label: string; pendingLabel: string; disabled?: boolean }) {
  return (
    <DialogFooter>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" className="sm:min-w-32" disabled={pending || disabled}>
        {pending ? pendingLabel : label}
      </Button>
    </DialogFooter>
  );
}
