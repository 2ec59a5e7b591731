"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useActionForm } from "@/components/ui/use-action-form";
import type { FormResult } from "@/lib/platform/forms/forms";
import type { MailMode } from "@/lib/platform/mail/mail-notices";

type Props = { email: string; mail: MailMode; request: (input: { email: string }) => Promise<FormResult<{ email: string }>> };

export function ForgotPasswordForm({ email: initialEmail, mail, request }: Props) {
  const t = useTranslations("Auth.forgot");
  const { errors, pending, submit } = useActionForm(t("failed"));
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "");
    setSentTo(null);
    await submit(() => request({ email }), (data) => setSentTo(data.email));
  }

  return (
    <form onSubmit={onSubmit} className="mt-6 space-y-4" noValidate aria-label={t("formLabel")}>
      {errors.form ? <Alert>{errors.form}</Alert> : null}
      {sentTo ? (
        <Alert tone="success">{t(mail === "outbox" ? "requestedOutbox" : "requested", { email: sentTo })}</Alert>
      ) : null}
      <Field label={t("email")} name="email" type="email" autoComplete="email" required defaultValue={initialEmail} error={errors.email} />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? t("sending") : sentTo ? t("sendAnother") : t("send")}
      </Button>
    </form>
  );
}
