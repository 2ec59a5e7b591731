import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { enabledOAuthProviders } from "@/lib/surfaces/auth/options";
import { getSessionUser } from "@/lib/surfaces/auth/session";
import { safeCallbackUrl } from "@/lib/platform/auth/safe-callback";
import { Alert } from "@/components/ui/alert";
import { AuthLanguage } from "@/components/auth/auth-language";
import { SignInForm } from "./sign-in-form";
import { prefillEmail } from "@/lib/platform/auth/prefill-email";
import { authHref, authLocaleOf } from "@/lib/surfaces/auth/auth-locale";
import { translatorFor } from "@/lib/platform/i18n/messages";

type PageProps = { searchParams: Promise<Record<string, string | undefined>> };

export async function generateMetadata({ searchParams }: PageProps): Promise<Metadata> {
  const t = translatorFor(await authLocaleOf(await searchParams), "Auth");
  return { title: t("signIn.title") };
}

// Where other pages send the browser after ending its session: what happened.
const NOTICES = [
  ["signedOut", "everywhere", "signedOutEverywhere"],
  ["reset", "done", "resetDone"],
  ["accountDeleted", "1", "accountDeleted"],
  // A verification link followed without the account's session (app/verify-email/route.ts).
  ["verify", "sign-in", "verifySignIn"],
] as const;

export default async function SignInPage({ searchParams }: PageProps) {
  const params = await searchParams;
  // Asked for nothing in particular, a person goes home: "/" opens their only workspace, or the
  // list when there is a choice (or nothing yet) to pick from.
  const callbackUrl = safeCallbackUrl(params.callbackUrl, "/");
  if (await getSessionUser()) redirect(callbackUrl);
  const locale = await authLocaleOf(params);
  const t = translatorFor(locale, "Auth");
  const notice = NOTICES.find(([param, value]) => params[param] === value)?.[2];
  const email = prefillEmail(params.email);
  return (
    <AuthLanguage locale={locale}>
      <h1 className="text-xl font-semibold">{t("signIn.title")}</h1>
      <p className="mt-1 text-sm text-slate-600">
        {t("signIn.newHere")}{" "}
        <Link className="font-medium text-indigo-700 underline" href={authHref("/sign-up", { callbackUrl, lang: locale })}>
          {t("signIn.createAccount")}
        </Link>
      </p>
      {notice ? (
        <div className="mt-4">
          <Alert tone={notice === "verifySignIn" ? "info" : "success"}>{t(`signIn.${notice}`)}</Alert>
        </div>
      ) : null}
      <SignInForm
        callbackUrl={callbackUrl}
        forgotHref={authHref("/forgot-password", { lang: locale })}
        oauthProviders={enabledOAuthProviders()}
        initialError={params.error}
        email={email}
      />
    </AuthLanguage>
  );
}
