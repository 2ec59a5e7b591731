"use client";

import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { STAY_PENDING, useActionForm } from "@/components/ui/use-action-form";
import { MAIL_NOTICES, type MailMode } from "@/lib/mail/mail-notices";
import { signUpAction } from "./actions";

export function SignUpForm({ callbackUrl, email: initialEmail = "", mail }: { callbackUrl: string; email?: string; mail: MailMode }) {
  const router = useRouter();
  const { errors, pending, submit } = useActionForm("Something went wrong. Try again.");
  const [checkInbox, setCheckInbox] = useState<string | null>(null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = {
      name: String(form.get("name") ?? ""),
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
    };
    setCheckInbox(null);
    await submit(
      () => signUpAction(input, callbackUrl),
      async ({ email }) => {
        // A new account signs straight in. An address that already had one does not (its owner got
        // a mail instead); the form then says only what is true either way.
        const signedIn = await signIn("credentials", { email: input.email, password: input.password, redirect: false });
        if (!signedIn || signedIn.error) {
          setCheckInbox(email);
          return;
        }
        router.replace(callbackUrl);
        router.refresh();
        return STAY_PENDING;
      },
    );
  }

  return (
    <form onSubmit={onSubmit} className="mt-6 space-y-4" noValidate>
      {errors.form ? <Alert>{errors.form}</Alert> : null}
      {checkInbox ? (
        <Alert tone="info">{MAIL_NOTICES.signUpNotSignedIn(mail, checkInbox)}</Alert>
      ) : null}
      <Field label="Name" name="name" autoComplete="name" error={errors.name} />
      <Field label="Email" name="email" type="email" autoComplete="email" required defaultValue={initialEmail} error={errors.email} />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 10 characters."
        error={errors.password}
      />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Creating account…" : "Create account"}
      </Button>
      <p className="text-xs text-slate-500">{MAIL_NOTICES.signUpHint(mail)}</p>
    </form>
  );
}
