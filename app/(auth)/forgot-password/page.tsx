import type { Metadata } from "next";
import Link from "next/link";
import { ForgotPasswordForm } from "./forgot-password-form";
import { requestPasswordResetAction } from "./actions";
import { prefillEmail } from "@/lib/auth/prefill-email";
import { Alert } from "@/components/ui/alert";
import { mailMode } from "@/lib/mail/config";
import { MAIL_NOTICES } from "@/lib/mail/mail-notices";

export const metadata: Metadata = { title: "Forgot password" };

export default async function ForgotPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const params = await searchParams;
  const email = prefillEmail(params.email);
  const mail = mailMode();
  return (
    <>
      <h1 className="text-xl font-semibold">Reset your password</h1>
      {mail === "off" ? (
        <div className="mt-6">
          <Alert tone="info">{MAIL_NOTICES.resetUnavailable}</Alert>
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            {mail === "outbox" ? "Enter the address you sign in with. The reset link goes to the development outbox (/dev/outbox)." : "Enter the address you sign in with. We will mail you a link to choose a new password."}
          </p>
          <ForgotPasswordForm email={email} mail={mail} request={requestPasswordResetAction} />
        </>
      )}
      <p className="mt-6 text-sm text-slate-600">
        Remembered it?{" "}
        <Link className="font-medium text-indigo-700 underline" href="/sign-in">
          Sign in
        </Link>
      </p>
    </>
  );
}
