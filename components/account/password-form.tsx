"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { useActionForm } from "@/components/ui/use-action-form";
import { AccountSection } from "./account-section";
import { changePasswordAction } from "@/lib/surfaces/actions/dashboard/account";

type Props = {
  /** Shown instead of the form when the account has no password (it signs in with a provider). */
  noPasswordNote: string | null;
};

const FIELDS = new Set(["currentPassword", "newPassword"]);

export function PasswordForm({ noPasswordNote }: Props) {
  const toast = useToast();
  const { errors, pending, submit, formError } = useActionForm("The server did not answer; the password was not changed. Try again.");
  const message = formError(FIELDS);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    await submit(
      () => changePasswordAction({ currentPassword: String(data.get("currentPassword") ?? ""), newPassword: String(data.get("newPassword") ?? "") }),
      ({ endedSessions }) => {
        form.reset();
        const others = endedSessions === 0 ? "" : endedSessions === 1 ? " One other device was signed out." : ` ${endedSessions} other devices were signed out.`;
        toast.success(`Password changed.${others}`);
      },
    );
  }

  return (
    <AccountSection id="password-heading" title="Password" description="Changing it signs you out on every other device; this one stays signed in.">
      {noPasswordNote ? (
        <p className="max-w-lg text-sm text-slate-700">{noPasswordNote}</p>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-busy={pending} aria-label="Change password" className="max-w-lg space-y-4">
          {message ? <Alert>{message}</Alert> : null}
          <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" required error={errors.currentPassword} readOnly={pending} />
          <Field
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            hint="At least 10 characters."
            error={errors.newPassword}
            readOnly={pending}
          />
          <Button type="submit" disabled={pending} className="sm:min-w-32">
            {pending ? "Changing…" : "Change password"}
          </Button>
        </form>
      )}
    </AccountSection>
  );
}
