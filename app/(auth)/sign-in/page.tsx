import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { enabledOAuthProviders } from "@/lib/auth/options";
import { getSessionUser } from "@/lib/auth/session";
import { safeCallbackUrl } from "@/lib/auth/safe-callback";
import { Alert } from "@/components/ui/alert";
import { SignInForm } from "./sign-in-form";
import { prefillEmail } from "@/lib/auth/prefill-email";

export const metadata: Metadata = { title: "Sign in" };

// Where other pages send the browser after ending its session: what happened.
const NOTICES: [param: string, value: string, text: string][] = [
  ["signedOut", "everywhere", "You are signed out on every device."],
  ["reset", "done", "Your password was changed, and every device was signed out. Sign in with the new password."],
  ["accountDeleted", "1", "Your account was deleted."],
];

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(params.callbackUrl);
  if (await getSessionUser()) redirect(callbackUrl);
  const notice = NOTICES.find(([param, value]) => params[param] === value)?.[2];
  const email = prefillEmail(params.email);
  return (
    <>
      <h1 className="text-xl font-semibold">Sign in</h1>
      <p className="mt-1 text-sm text-slate-600">
        New here?{" "}
        <Link className="font-medium text-indigo-700 underline" href={`/sign-up?callbackUrl=${encodeURIComponent(callbackUrl)}`}>
          Create an account
        </Link>
      </p>
      {notice ? (
        <div className="mt-4">
          <Alert tone="success">{notice}</Alert>
        </div>
      ) : null}
      <SignInForm callbackUrl={callbackUrl} oauthProviders={enabledOAuthProviders()} initialError={params.error} email={email} />
    </>
  );
}
