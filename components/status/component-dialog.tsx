"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Dialog, DialogBody } from "@/components/ui/dialog";
import { DialogFormFooter } from "@/components/ui/dialog-form-footer";
import { Field } from "@/components/ui/field";
import { TextareaField } from "@/components/ui/textarea-field";
import { useActionForm } from "@/components/ui/use-action-form";
import type { FormResult } from "@/lib/platform/forms/forms";

const FIELDS = new Set(["name", "description"]);

type ComponentDialogProps<T> = {
  open: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  initial?: { name: string; description: string };
  limitMessage: string | null;
  save: (input: { name: string; description: string }) => Promise<FormResult<T>>;
  onSaved: (saved: T) => void;
};

/** Name and description of a component: adding one, or renaming and re-describing it. */
export function ComponentDialog<T>({ open, onClose, title, ...form }: ComponentDialogProps<T>) {
  return (
    <Dialog open={open} onClose={onClose} title={title} testId="component-dialog">
      <ComponentForm {...form} onCancel={onClose} />
    </Dialog>
  );
}

function ComponentForm<T>({ submitLabel, initial, limitMessage, save, onSaved, onCancel }: Omit<ComponentDialogProps<T>, "open" | "onClose" | "title"> & { onCancel: () => void }) {
  const [name, setName] = useState(initial?.name ?? "");
  const [description, setDescription] = useState(initial?.description ?? "");
  const { errors, setErrors, pending, submit, formError } = useActionForm("The server did not answer; nothing was saved. Try again.");

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || limitMessage) return;
    if (!name.trim()) {
      setErrors({ name: "Name must not be empty." });
      return;
    }
    await submit(() => save({ name, description }), onSaved);
  }

  const message = formError(FIELDS);
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex min-h-0 flex-1 flex-col">
      <DialogBody className="space-y-4">
        {limitMessage ? <Alert>{limitMessage}</Alert> : null}
        {message ? <Alert>{message}</Alert> : null}
        <Field label="Name" name="name" value={name} onChange={(event) => setName(event.target.value)} error={errors.name} maxLength={100} autoComplete="off" data-autofocus placeholder="e.g. API" readOnly={pending} />
        <TextareaField
          label="Description"
          name="description"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          error={errors.description}
          maxLength={500}
          rows={2}
          hint="Optional. Shown under the name on the status page."
          readOnly={pending}
        />
      </DialogBody>
      <DialogFormFooter onCancel={onCancel} pending={pending} label={submitLabel} pendingLabel="Saving…" disabled={Boolean(limitMessage)} />
    </form>
  );
}
