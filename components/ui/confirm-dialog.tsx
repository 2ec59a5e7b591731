"use client";

import { useState } from "react";
import { Alert } from "./alert";
import { Button } from "./button";
import { Dialog, DialogBody, DialogFooter } from "./dialog";

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  children: React.ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  tone?: "danger" | "primary";
  /** Resolves to an error message to show in the dialog, or null when done (the caller closes it). */
  onConfirm: () => Promise<string | null>;
  onCancel: () => void;
  testId?: string;
};

/** "Are you sure?" for actions that cannot be undone; a refusal from the server is shown inside it. */
export function ConfirmDialog({ open, title, children, confirmLabel, pendingLabel, tone = "danger", onConfirm, onCancel, testId }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} title={title} testId={testId}>
      <ConfirmBody confirmLabel={confirmLabel} pendingLabel={pendingLabel} tone={tone} onConfirm={onConfirm} onCancel={onCancel}>
        {children}
      </ConfirmBody>
    </Dialog>
  );
}

function ConfirmBody({ children, confirmLabel, pendingLabel, tone, onConfirm, onCancel }: Omit<ConfirmDialogProps, "open" | "title" | "testId">) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setPending(true);
    setError(null);
    try {
      const message = await onConfirm();
      if (message) setError(message);
    } catch {
      setError("The server did not answer. Check your connection and try again.");
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <DialogBody className="space-y-3 text-sm text-slate-700">
        {error ? <Alert>{error}</Alert> : null}
        {children}
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel} data-autofocus>
          Cancel
        </Button>
        <Button variant={tone} className="sm:min-w-28" onClick={confirm} disabled={pending}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </DialogFooter>
    </>
  );
}
