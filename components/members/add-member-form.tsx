"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";
import { useToast } from "@/components/ui/toast";
import { useActionForm } from "@/components/ui/use-action-form";
import type { Role } from "@/lib/generated/prisma/enums";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES } from "@/lib/domain/members/member-form-schemas";
import { MAIL_NOTICES, type MailMode } from "@/lib/platform/mail/mail-notices";
import { addMemberAction } from "@/lib/surfaces/actions/dashboard/members";

const FIELDS = new Set(["email", "role"]);

/** Invite by email: the address gets a link (or, with mail off, the admin passes it on); the person joins once they accept with a confirmed address. */
export function AddMemberForm({
  slug,
  actorRole,
  mail,
  limitMessage,
}: {
  slug: string;
  actorRole: Role;
  mail: MailMode;
  limitMessage: string | null;
}) {
  const toast = useToast();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("MEMBER");
  const { errors, pending, submit, formError: formErrorBeside } = useActionForm("The server did not answer. Check your connection and try again.");
  const formError = formErrorBeside(FIELDS);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || limitMessage) return;
    await submit(
      () => addMemberAction(slug, { email, role }),
      (added) => {
        toast.success(MAIL_NOTICES.invited(mail, added.email, ROLE_LABELS[added.role].toLowerCase()));
        setEmail("");
        setRole("MEMBER");
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="add-member-heading" aria-busy={pending} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id="add-member-heading" className="font-medium text-slate-900">
        Add a member
      </h2>
      <p className="mt-0.5 text-sm text-slate-600">{MAIL_NOTICES.inviteHint(mail)}</p>
      <div className="mt-4 space-y-3">
        {limitMessage ? <Alert>{limitMessage} Remove a member or revoke an invitation to make room.</Alert> : null}
        {formError ? <Alert>{formError}</Alert> : null}
        <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-start">
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="off"
            placeholder="name@example.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={errors.email}
            readOnly={pending}
          />
          <SelectField
            label="Role"
            name="role"
            value={role}
            onChange={(event) => setRole(event.target.value as Role)}
            error={errors.role}
            disabled={pending}
            hint={ROLE_DESCRIPTIONS[role]}
          >
            {ROLES.map((option) => (
              <option key={option} value={option} disabled={option === "OWNER" && actorRole !== "OWNER"}>
                {ROLE_LABELS[option]}
                {option === "OWNER" && actorRole !== "OWNER" ? " (only owners can grant)" : ""}
              </option>
            ))}
          </SelectField>
          <Button type="submit" className="sm:mt-6 sm:min-w-32" disabled={pending || Boolean(limitMessage)}>
            {pending ? "Inviting…" : mail === "off" ? "Create invitation" : "Send invitation"}
          </Button>
        </div>
      </div>
    </form>
  );
}
