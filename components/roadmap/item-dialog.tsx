"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Dialog, DialogBody } from "@/components/ui/dialog";
import { DialogFormFooter } from "@/components/ui/dialog-form-footer";
import { Field } from "@/components/ui/field";
import { TextareaField } from "@/components/ui/textarea-field";
import { useActionForm } from "@/components/ui/use-action-form";
import type { FormResult } from "@/lib/platform/forms/forms";

const FIELDS = new Set(["title", "description"]);
type ItemText = { title: string; description: string };

type ItemDialogProps<T> = {
  open: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  initial?: ItemText;
  save: (input: ItemText) => Promise<FormResult<T>>;
  onSaved: (saved: T) => void;
};

/** Title and description of a roadmap item: adding one to a column, or editing it. */
export function ItemDialog<T>({ open, onClose, title, ...form }: ItemDialogProps<T>) {
  return (
    <Dialog open={open} onClose={onClose} title={title} testId="roadmap-item-dialog">
      <ItemForm {...form} onCancel={onClose} />
    </Dialog>
  );
}

function ItemForm<T>({ submitLabel, initial, save, onSaved, onCancel }: Omit<ItemDialogProps<T>, "open" | "onClose" | "title"> & { onCancel: () => void }) {
  const [text, setText] = useState<ItemText>(initial ?? { title: "", description: "" });
  const { errors, setErrors, pending, submit, formError } = useActionForm("The server did not answer; nothing was saved. Try again.");

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (!text.title.trim()) return setErrors({ title: "Title must not be empty." });
    await submit(() => save(text), onSaved);
  }

  const message = formError(FIELDS);
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex min-h-0 flex-1 flex-col">
      <DialogBody className="space-y-4">
        {message ? <Alert>{message}</Alert> : null}
        <Field label="Title" name="title" value={text.title} onChange={(event) => setText({ ...text, title: event.target.value })} error={errors.title} maxLength={200} autoComplete="off" data-autofocus placeholder="e.g. Dark mode" readOnly={pending} />
        <TextareaField
          label="Description"
          name="description"
          value={text.description}
          onChange={(event) => setText({ ...text, description: event.target.value })}
          error={errors.description}
          maxLength={2000}
          rows={3}
          hint="Optional. Shown on the public roadmap."
          readOnly={pending}
        />
      </DialogBody>
      <DialogFormFooter onCancel={onCancel} pending={pending} label={submitLabel} pendingLabel="Saving…" />
    </form>
  );
}
