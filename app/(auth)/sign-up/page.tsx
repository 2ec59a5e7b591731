import type { Metadata } from "next";
import Link from "next/link";
import { safeCallbackUrl } from "@/lib/auth/safe-callback";
import { SignUpForm } from "./sign-up-form";
import { prefillEmail } from "@/lib/auth/prefill-email";
import { mailMode } from "@/lib/mail/config";

export const metadata: Metadata = { title: "Create an account" };

export default async function SignUpPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(params.callbackUrl);
  const email = prefillEmail(params.email);
  return (
    <>
      <h1 className="text-xl font-semibold">Create an account</h1>
      <p className="mt-1 text-sm text-slate-600">
        Already have one?{" "}
        <Link className="font-medium text-indigo-700 underline" href={`/sign-in?callbackUrl=${encodeURIComponent(callbackUrl)}`}>
          Sign in
        </Link>
      </p>
      <SignUpForm callbackUrl={callbackUrl} email={email} mail={mailMode()} />
    </>
  );
}
