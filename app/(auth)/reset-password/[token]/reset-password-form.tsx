"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { STAY_PENDING, useActionForm } from "@/components/ui/use-action-form";
import type { FormResult } from "@/lib/platform/forms/forms";

type Props = { reset: (input: { password: string }) => Promise<FormResult<{ email: string }>>; lang?: string; forgotHref: string };

export function ResetPasswordForm({ reset, lang, forgotHref }: Props) {
  const t = useTranslations("Auth.reset");
  const router = useRouter();
  const { errors, pending, submit } = useActionForm(t("failed"));

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    await submit(
      () => reset({ password }),
      (data) => {
        router.replace(`/sign-in?reset=done&email=${encodeURIComponent(data.email)}${lang ? `&lang=${encodeURIComponent(lang)}` : ""}`);
        return STAY_PENDING;
      },
    );
  }

  return (
    <form onSubmit={onSubmit} className="mt-6 space-y-4" noValidate>
      {errors.form ? (
        <Alert>
          {errors.form}{" "}
          <Link className="font-medium underline" href={forgotHref}>
            {t("requestNew")}
          </Link>
        </Alert>
      ) : null}
      <Field
        label={t("newPassword")}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={t("passwordHint")}
        error={errors.password}
      />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? t("saving") : t("save")}
      </Button>
    </form>
  );
}
