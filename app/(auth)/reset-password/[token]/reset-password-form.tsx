"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { STAY_PENDING, useActionForm } from "@/components/ui/use-action-form";
import type { FormResult } from "@/lib/forms";

type Props = { reset: (input: { password: string }) => Promise<FormResult<{ email: string }>> };

export function ResetPasswordForm({ reset }: Props) {
  const router = useRouter();
  const { errors, pending, submit } = useActionForm("The server did not answer; the password was not changed. Try again.");

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    await submit(
      () => reset({ password }),
      (data) => {
        router.replace(`/sign-in?reset=done&email=${encodeURIComponent(data.email)}`);
        return STAY_PENDING;
      },
    );
  }

  return (
    <form onSubmit={onSubmit} className="mt-6 space-y-4" noValidate>
      {errors.form ? (
        <Alert>
          {errors.form}{" "}
          <Link className="font-medium underline" href="/forgot-password">
            Request a new link
          </Link>
        </Alert>
      ) : null}
      <Field
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 10 characters."
        error={errors.password}
      />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Saving…" : "Save new password"}
      </Button>
    </form>
  );
}
