import type { Metadata } from "next";
import Link from "next/link";
import { safeCallbackUrl, safePortalPath } from "@/lib/platform/auth/safe-callback";
import { portalSignUpClosedFor } from "@/lib/domain/sso/portal-sign-up-closed";
import { AuthLanguage } from "@/components/auth/auth-language";
import { SignUpForm } from "./sign-up-form";
import { prefillEmail } from "@/lib/platform/auth/prefill-email";
import { authHref, authLocaleOf } from "@/lib/surfaces/auth/auth-locale";
import { translatorFor } from "@/lib/platform/i18n/messages";
import { mailMode } from "@/lib/platform/mail/config";

type PageProps = { searchParams: Promise<Record<string, string | undefined>> };

export async function generateMetadata({ searchParams }: PageProps): Promise<Metadata> {
  const t = translatorFor(await authLocaleOf(await searchParams), "Auth");
  return { title: t("signUp.title") };
}

export default async function SignUpPage({ searchParams }: PageProps) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(params.callbackUrl);
  const email = prefillEmail(params.email);
  const locale = await authLocaleOf(params);
  const t = translatorFor(locale, "Auth");
  const closed = await portalSignUpClosedFor(safePortalPath(callbackUrl));
  if (closed) {
    return (
      <AuthLanguage locale={locale}>
        <h1 className="text-xl font-semibold">{t("signUp.title")}</h1>
        <p className="mt-2 text-sm text-slate-700" data-testid="sso-only-sign-up">
          {translatorFor(locale, "Sso")("ssoOnly", { name: closed.name })}{" "}
          <Link className="font-medium text-indigo-700 underline" href={`/p/${closed.slug}/sso/start?from=${encodeURIComponent(callbackUrl)}`}>
            {translatorFor(locale, "Sso")("again")}
          </Link>
        </p>
      </AuthLanguage>
    );
  }
  return (
    <AuthLanguage locale={locale}>
      <h1 className="text-xl font-semibold">{t("signUp.title")}</h1>
      <p className="mt-1 text-sm text-slate-600">
        {t("signUp.haveOne")}{" "}
        <Link className="font-medium text-indigo-700 underline" href={authHref("/sign-in", { callbackUrl, lang: locale })}>
          {t("signUp.signIn")}
        </Link>
      </p>
      <SignUpForm callbackUrl={callbackUrl} lang={locale} email={email} mail={mailMode()} />
    </AuthLanguage>
  );
}
