import type { Metadata } from "next";
import Link from "next/link";
import { AuthLanguage } from "@/components/auth/auth-language";
import { ForgotPasswordForm } from "./forgot-password-form";
import { requestPasswordResetAction } from "@/lib/surfaces/actions/auth/forgot-password";
import { prefillEmail } from "@/lib/platform/auth/prefill-email";
import { Alert } from "@/components/ui/alert";
import { authHref, authLocaleOf } from "@/lib/surfaces/auth/auth-locale";
import { translatorFor } from "@/lib/platform/i18n/messages";
import { mailMode } from "@/lib/platform/mail/config";

type PageProps = { searchParams: Promise<Record<string, string | undefined>> };

export async function generateMetadata({ searchParams }: PageProps): Promise<Metadata> {
  const t = translatorFor(await authLocaleOf(await searchParams), "Auth");
  return { title: t("forgot.title") };
}

export default async function ForgotPasswordPage({ searchParams }: PageProps) {
  const params = await searchParams;
  const email = prefillEmail(params.email);
  const mail = mailMode();
  const locale = await authLocaleOf(params);
  const t = translatorFor(locale, "Auth");
  return (
    <AuthLanguage locale={locale}>
      <h1 className="text-xl font-semibold">{t("forgot.title")}</h1>
      {mail === "off" ? (
        <div className="mt-6">
          <Alert tone="info">{t("forgot.unavailable")}</Alert>
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">{mail === "outbox" ? t("forgot.introOutbox") : t("forgot.intro")}</p>
          {/* The reset mail, and the page its link opens, speak this page's language. */}
          <ForgotPasswordForm email={email} mail={mail} request={requestPasswordResetAction.bind(null, locale ?? null)} />
        </>
      )}
      <p className="mt-6 text-sm text-slate-600">
        {t("forgot.remembered")}{" "}
        <Link className="font-medium text-indigo-700 underline" href={authHref("/sign-in", { lang: locale })}>
          {t("forgot.signIn")}
        </Link>
      </p>
    </AuthLanguage>
  );
}
