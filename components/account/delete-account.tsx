"use client";

import { signOut } from "next-auth/react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TypedConfirmation } from "@/components/ui/typed-confirmation";
import { STAY_PENDING, useActionForm } from "@/components/ui/use-action-form";
import { AccountSection } from "./account-section";
import { deleteAccountAction } from "@/lib/surfaces/actions/dashboard/account";

type Props = {
  email: string;
  /** Why deleting is refused now (the only owner of workspaces with other members), or null. */
  refusal: string | null;
  /** Workspaces the account is the only member of: they go with it. */
  deletedWithIt: string[];
};

export function DeleteAccount({ email, refusal, deletedWithIt }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <AccountSection id="delete-heading" title="Delete account" tone="danger" description="Deleting your account cannot be undone.">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="max-w-xl text-sm text-slate-600">
          {refusal ? (
            <p id="delete-refusal" className="text-red-800">
              {refusal}
            </p>
          ) : (
            <p>
              Signs you out everywhere and removes you from every workspace; the API keys you created stop working. Posts and comments you
              wrote stay, without your name.
              {deletedWithIt.length ? ` Workspaces only you are in are deleted with it: ${deletedWithIt.join(", ")}.` : ""}
            </p>
          )}
        </div>
        <Button variant="danger" className="shrink-0" disabled={refusal !== null} aria-describedby={refusal ? "delete-refusal" : undefined} onClick={() => setOpen(true)}>
          Delete account…
        </Button>
      </div>
      <Dialog open={open} onClose={() => setOpen(false)} title="Delete your account?" testId="delete-account-dialog">
        <DeleteForm email={email} deletedWithIt={deletedWithIt} onCancel={() => setOpen(false)} />
      </Dialog>
    </AccountSection>
  );
}

function DeleteForm({ email, deletedWithIt, onCancel }: Omit<Props, "refusal"> & { onCancel: () => void }) {
  const [confirmation, setConfirmation] = useState("");
  const { errors, pending, submit, formError } = useActionForm("The server did not answer; nothing was deleted. Try again.");
  const message = formError(new Set(["confirmation"]));

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    await submit(
      () => deleteAccountAction({ confirmation }),
      async () => {
        // The account and its sessions are gone on the server; this clears the browser's cookie.
        await signOut({ callbackUrl: "/sign-in?accountDeleted=1" });
        return STAY_PENDING;
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex min-h-0 flex-1 flex-col">
      <TypedConfirmation phrase={email} value={confirmation} onChange={setConfirmation} error={errors.confirmation} pending={pending} onCancel={onCancel} submitLabel="Delete my account">
        {message ? <Alert>{message}</Alert> : null}
        <p>
          This deletes the account <strong>{email}</strong> and signs it out everywhere.
          {deletedWithIt.length ? (
            <>
              {" "}
              It also deletes {deletedWithIt.length === 1 ? "the workspace" : "the workspaces"} <strong>{deletedWithIt.join(", ")}</strong>, with
              everything in {deletedWithIt.length === 1 ? "it" : "them"}.
            </>
          ) : null}{" "}
          There is no undo.
        </p>
      </TypedConfirmation>
    </form>
  );
}
