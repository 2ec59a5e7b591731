"use client";

import Link from "next/link";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { signInWaitMessage } from "@/lib/auth/sign-in-wait-message";

const MESSAGES: Record<string, string> = {
  CredentialsSignin: "Wrong email or password.",
  OAuthEmail: "That account has no verified email address we can use. Verify one with the provider, or sign in another way.",
  // lib/auth/options.ts, while the database is out of reach.
  ServiceUnavailable: "The service is briefly unavailable, try again in a moment.",
};

// lib/auth/options.ts reports a spent throttle as TooManyAttempts_<seconds to wait>.
function messageOf(error: string): string {
  const throttled = /^TooManyAttempts_(\d+)$/.exec(error);
  if (throttled) return signInWaitMessage(Number(throttled[1]));
  return MESSAGES[error] ?? "Wrong email or password.";
}

export function SignInForm(props: {
  callbackUrl: string;
  oauthProviders: { id: string; name: string }[];
  initialError?: string;
  email?: string;
}) {
  const router = useRouter();
  const [error, setError] = useState(props.initialError ? (props.initialError in MESSAGES || props.initialError.startsWith("TooManyAttempts") ? messageOf(props.initialError) : "Sign-in failed. Try again.") : "");
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
      setError(messageOf(result?.error ?? ""));
      return;
    }
    router.replace(props.callbackUrl);
    router.refresh();
  }

  return (
    <div className="mt-6 space-y-4">
      {error ? <Alert>{error}</Alert> : null}
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <Field label="Email" name="email" type="email" autoComplete="email" required defaultValue={props.email} />
        <div>
          <Field label="Password" name="password" type="password" autoComplete="current-password" required />
          <p className="mt-1.5 text-right text-sm">
            <Link className="font-medium text-indigo-700 underline" href="/forgot-password">
              Forgot password?
            </Link>
          </p>
        </div>
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? "Signing in…" : "Sign in"}
        </Button>
      </form>
      {props.oauthProviders.map((provider) => (
        <Button
          key={provider.id}
          variant="secondary"
          className="w-full"
          onClick={() => signIn(provider.id, { callbackUrl: props.callbackUrl })}
        >
          Continue with {provider.name}
        </Button>
      ))}
    </div>
  );
}
