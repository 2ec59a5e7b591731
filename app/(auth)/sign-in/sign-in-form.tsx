"use client";

import Link from "next/link";
import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";

// next-auth's error codes, by the message key that explains them.
const MESSAGES = {
  CredentialsSignin: "wrongCredentials",
  OAuthEmail: "oauthEmail",
  // lib/surfaces/auth/options.ts, while the database is out of reach.
  ServiceUnavailable: "unavailable",
} as const;

type Translate = ReturnType<typeof useTranslations<"Auth.signIn">>;

// lib/surfaces/auth/options.ts reports a spent throttle as TooManyAttempts_<seconds to wait>. Waits start at
// one second, so they are told in seconds until they are long enough for minutes.
function messageOf(t: Translate, error: string): string {
  const throttled = /^TooManyAttempts_(\d+)$/.exec(error);
  if (throttled) {
    const seconds = Math.max(1, Math.ceil(Number(throttled[1])));
    return seconds < 120 ? t("waitSeconds", { seconds }) : t("waitMinutes", { minutes: Math.ceil(seconds / 60) });
  }
  return t(error in MESSAGES ? MESSAGES[error as keyof typeof MESSAGES] : "wrongCredentials");
}

export function SignInForm(props: {
  callbackUrl: string;
  forgotHref: string;
  oauthProviders: { id: string; name: string }[];
  initialError?: string;
  email?: string;
}) {
  const t = useTranslations("Auth.signIn");
  const router = useRouter();
  const [error, setError] = useState(props.initialError ? (props.initialError in MESSAGES || props.initialError.startsWith("TooManyAttempts") ? messageOf(t, props.initialError) : t("failed")) : "");
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError("");
    const result = await signIn("credentials", {
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      redirect: false,
    });
    if (!result || result.error) {
      setPending(false);
      setError(messageOf(t, result?.error ?? ""));
      return;
    }
    router.replace(props.callbackUrl);
    router.refresh();
  }

  return (
    <div className="mt-6 space-y-4">
      {error ? <Alert>{error}</Alert> : null}
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <Field label={t("email")} name="email" type="email" autoComplete="email" required defaultValue={props.email} />
        <div>
          <Field label={t("password")} name="password" type="password" autoComplete="current-password" required />
          <p className="mt-1.5 text-end text-sm">
            <Link className="font-medium text-indigo-700 underline" href={props.forgotHref}>
              {t("forgot")}
            </Link>
          </p>
        </div>
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? t("pending") : t("submit")}
        </Button>
      </form>
      {props.oauthProviders.map((provider) => (
        <Button
          key={provider.id}
          variant="secondary"
          className="w-full"
          onClick={() => signIn(provider.id, { callbackUrl: props.callbackUrl })}
        >
          {t("continueWith", { provider: provider.name })}
        </Button>
      ))}
    </div>
  );
}
