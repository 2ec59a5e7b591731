import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { enabledOAuthProviders } from "@/lib/auth/options";
import { getSessionUser } from "@/lib/auth/session";
import { safeCallbackUrl } from "@/lib/auth/safe-callback";
import { Alert } from "@/components/ui/alert";
import { SignInForm } from "./sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(params.callbackUrl);
  if (await getSessionUser()) redirect(callbackUrl);
  return (
    <>
      <h1 className="text-xl font-semibold">Sign in</h1>
      <p className="mt-1 text-sm text-slate-600">
        New here?{" "}
        <Link className="font-medium text-indigo-700 underline" href={`/sign-up?callbackUrl=${encodeURIComponent(callbackUrl)}`}>
          Create an account
        </Link>
      </p>
      {params.signedOut === "everywhere" ? (
        <div className="mt-4">
          <Alert tone="success">You are signed out on every device.</Alert>
        </div>
      ) : null}
      <SignInForm callbackUrl={callbackUrl} oauthProviders={enabledOAuthProviders()} initialError={params.error} />
    </>
  );
}
