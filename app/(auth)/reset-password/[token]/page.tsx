import type { Metadata } from "next";
import Link from "next/link";
import { checkResetLink, RESET_LINK_PROBLEMS } from "@/lib/users/reset-password";
import { resetPasswordAction } from "./actions";
import { ResetPasswordForm } from "./reset-password-form";

// The token is in the path: never sent on as a referrer, never indexed.
export const metadata: Metadata = { title: "Choose a new password", referrer: "no-referrer", robots: { index: false } };

// The page behind the mailed link. Reading it uses nothing up; the form does.
export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const link = await checkResetLink(token);
  if (!link.ok) {
    return (
      <>
        <h1 className="text-xl font-semibold">This link cannot be used</h1>
        <p className="mt-2 text-sm text-slate-600" data-testid="reset-link-problem">
          {RESET_LINK_PROBLEMS[link.reason]}
        </p>
        <Link
          href="/forgot-password"
          className="mt-6 block rounded-md bg-indigo-600 px-4 py-2 text-center text-sm font-medium text-white hover:bg-indigo-500"
        >
          Request a new link
        </Link>
        <p className="mt-4 text-sm text-slate-600">
          Or{" "}
          <Link className="font-medium text-indigo-700 underline" href="/sign-in">
            sign in
          </Link>{" "}
          if you know your password.
        </p>
      </>
    );
  }
  return (
    <>
      <h1 className="text-xl font-semibold">Choose a new password</h1>
      <p className="mt-1 text-sm text-slate-600">
        For <strong className="text-slate-900">{link.email}</strong>. Saving it signs this account out on every device.
      </p>
      <ResetPasswordForm reset={resetPasswordAction.bind(null, token)} />
    </>
  );
}
