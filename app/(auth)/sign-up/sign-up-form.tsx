"use client";

import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useActionForm } from "@/components/ui/use-action-form";
import { signUpAction } from "./actions";

export function SignUpForm({ callbackUrl }: { callbackUrl: string }) {
  const router = useRouter();
  const { errors, setErrors, pending, submit } = useActionForm("Something went wrong. Try again.");

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = {
      name: String(form.get("name") ?? ""),
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
    };
    await submit(
      () => signUpAction(input),
      async () => {
        const signedIn = await signIn("credentials", { email: input.email, password: input.password, redirect: false });
        if (!signedIn || signedIn.error) {
          setErrors({ form: "Your account was created, but signing in failed. Sign in to continue." });
          return;
        }
        router.replace(callbackUrl);
        router.refresh();
      },
    );
  }

  return (
    <form onSubmit={onSubmit} className="mt-6 space-y-4" noValidate>
      {errors.form ? <Alert>{errors.form}</Alert> : null}
      <Field label="Name" name="name" autoComplete="name" error={errors.name} />
      <Field label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
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
    </form>
  );
}
