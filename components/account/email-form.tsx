"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useActionForm } from "@/components/ui/use-action-form";
import { MAIL_NOTICES, type MailMode } from "@/lib/platform/mail/mail-notices";
import { AccountSection } from "./account-section";
import { requestEmailChangeAction } from "@/lib/surfaces/actions/dashboard/account";

type Props = {
  email: string;
  emailVerified: boolean;
  hasPassword: boolean;
  /** With mail off a new address cannot be confirmed: the section says so instead of offering the form. */
  mail: MailMode;
};

const FIELDS = new Set(["email", "currentPassword"]);

/** A new address takes effect only once the link mailed to it is followed (app/confirm-email). */
export function EmailForm({ email, emailVerified, hasPassword, mail }: Props) {
  const { errors, pending, submit, formError } = useActionForm("The server did not answer; nothing was sent. Try again.");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const message = formError(FIELDS);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    setSentTo(null);
    await submit(
      () => requestEmailChangeAction({ email: String(data.get("email") ?? ""), currentPassword: String(data.get("currentPassword") ?? "") }),
      (result) => {
        setSentTo(result.email);
        form.reset();
      },
    );
  }

  return (
    <AccountSection
      id="email-heading"
      title="Email address"
      description={
        <span className="flex flex-wrap items-center gap-2">
          You sign in with <strong className="break-all font-medium text-slate-900" data-testid="current-email">{email}</strong>
          <Badge tone={emailVerified ? "green" : "amber"}>{emailVerified ? "Confirmed" : "Not confirmed"}</Badge>
        </span>
      }
    >
      {mail === "off" ? (
        <p className="max-w-lg text-sm text-slate-600">{MAIL_NOTICES.emailChangeUnavailable}</p>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-busy={pending} aria-label="Change email address" className="max-w-lg space-y-4">
          {message ? <Alert>{message}</Alert> : null}
          {sentTo ? (
            <Alert tone="success">{MAIL_NOTICES.emailChangeRequested(mail, sentTo, email)}</Alert>
          ) : null}
          <Field label="New email address" name="email" type="email" autoComplete="email" required error={errors.email} readOnly={pending} />
          {hasPassword ? (
            <Field
              label="Current password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
              error={errors.currentPassword}
              readOnly={pending}
            />
          ) : null}
          <Button type="submit" disabled={pending} className="sm:min-w-32">
            {pending ? "Sending…" : "Send confirmation link"}
          </Button>
        </form>
      )}
    </AccountSection>
  );
}
