"use client";

import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { STAY_PENDING, useActionForm } from "@/components/ui/use-action-form";
import type { MailMode } from "@/lib/platform/mail/mail-notices";
import { signUpAction } from "@/lib/surfaces/actions/auth/sign-up";

// What the form says about the mail, by how this instance sends it (lib/platform/mail/mail-notices.ts).
const HINT = { smtp: "hint", outbox: "hintOutbox", off: "hintOff" } as const;
const NOT_SIGNED_IN = { smtp: "notSignedIn", outbox: "notSignedInOutbox", off: "notSignedInOff" } as const;

type Props = { callbackUrl: string; lang?: string; email?: string; mail: MailMode };

export function SignUpForm({ callbackUrl, lang, email: initialEmail = "", mail }: Props) {
  const t = useTranslations("Auth.signUp");
  const router = useRouter();
  const { errors, pending, submit } = useActionForm(t("failed"));
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
      () => signUpAction(input, callbackUrl, lang),
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
        <Alert tone="info">{t(NOT_SIGNED_IN[mail], { email: checkInbox })}</Alert>
      ) : null}
      <Field label={t("name")} name="name" autoComplete="name" error={errors.name} />
      <Field label={t("email")} name="email" type="email" autoComplete="email" required defaultValue={initialEmail} error={errors.email} />
      <Field
        label={t("password")}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={t("passwordHint")}
        error={errors.password}
      />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? t("pending") : t("submit")}
      </Button>
      <p className="text-xs text-slate-500">{t(HINT[mail])}</p>
    </form>
  );
}
