"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";
import { useActionForm } from "@/components/ui/use-action-form";
import { formatDate } from "@/lib/platform/text/format-date";
import type { Role } from "@/lib/generated/prisma/enums";
import { KEY_EXPIRY_DAYS } from "@/lib/domain/keys/schemas";
import type { ApiKeyView } from "@/lib/domain/keys/view";
import type { Scope } from "@/lib/domain/access/roles";
import { createApiKeyAction } from "@/lib/surfaces/actions/dashboard/api-keys";
import { ScopePicker } from "./scope-picker";

const FIELDS = new Set(["name", "scopes", "expiresInDays"]);
const DAY_MS = 86_400_000;

type CreateKeyDialogProps = {
  open: boolean;
  onClose: () => void;
  onCreated: (created: { key: string; apiKey: ApiKeyView }) => void;
  slug: string;
  role: Role;
  /** The plan's refusal, when its active-key limit is already reached. */
  limitMessage: string | null;
};

export function CreateKeyDialog({ open, onClose, ...form }: CreateKeyDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Create an API key" description="The key is shown once, right after you create it." size="lg" testId="create-key-dialog">
      <CreateKeyForm {...form} onCancel={onClose} />
    </Dialog>
  );
}

function CreateKeyForm({ slug, role, limitMessage, onCreated, onCancel }: Omit<CreateKeyDialogProps, "open" | "onClose"> & { onCancel: () => void }) {
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<Scope[]>([]);
  const [expiry, setExpiry] = useState("90");
  const { errors, setErrors, pending, submit, formError: formErrorBeside } = useActionForm(
    "The key could not be created: the server did not answer. Check your connection and try again.",
  );
  // The form's "now", for the expiry preview: fixed when the dialog opens, so renders stay pure.
  const [openedAt] = useState(() => Date.now());

  const expiresInDays = expiry === "none" ? null : (Number(expiry) as (typeof KEY_EXPIRY_DAYS)[number]);
  const formError = formErrorBeside(FIELDS);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || limitMessage) return;
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = "Name must not be empty.";
    if (scopes.length === 0) local.scopes = "Choose at least one scope.";
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    await submit(() => createApiKeyAction(slug, { name, scopes, expiresInDays }), onCreated);
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex min-h-0 flex-1 flex-col">
      <DialogBody className="space-y-5">
        {limitMessage ? (
          <div data-testid="plan-limit-message">
            <Alert>{limitMessage} Revoke a key you no longer use to make room.</Alert>
          </div>
        ) : null}
        {formError ? <Alert>{formError}</Alert> : null}
        <Field
          label="Name"
          name="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder="e.g. Zapier sync"
          maxLength={80}
          autoComplete="off"
          data-autofocus
          hint="Say what uses the key, so you know what breaks if you revoke it."
          error={errors.name}
          readOnly={pending}
        />
        <ScopePicker role={role} value={scopes} onChange={setScopes} error={errors.scopes} disabled={pending} />
        <SelectField
          label="Expiration"
          name="expiresInDays"
          value={expiry}
          onChange={(event) => setExpiry(event.target.value)}
          error={errors.expiresInDays}
          disabled={pending}
          hint={
            expiresInDays
              ? // Rendered only while the dialog is open, in the browser: the viewer's own calendar.
                `Stops working on ${formatDate(new Date(openedAt + expiresInDays * DAY_MS), "viewer")}.`
              : "Works until you revoke it. Prefer an expiry for keys that leave your machines."
          }
        >
          {KEY_EXPIRY_DAYS.map((days) => (
            <option key={days} value={String(days)}>
              {days} days
            </option>
          ))}
          <option value="none">No expiration</option>
        </SelectField>
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" className="sm:min-w-28" disabled={pending || Boolean(limitMessage)}>
          {pending ? "Creating…" : "Create key"}
        </Button>
      </DialogFooter>
    </form>
  );
}
