import type { Metadata } from "next";
import Link from "next/link";
import { AuthLanguage } from "@/components/auth/auth-language";
import { authHref, authLocaleOf } from "@/lib/surfaces/auth/auth-locale";
import { translatorFor } from "@/lib/platform/i18n/messages";
import { checkResetLink } from "@/lib/domain/users/reset-password";
import { resetPasswordAction } from "@/lib/surfaces/actions/auth/reset-password";
import { ResetPasswordForm } from "./reset-password-form";

type PageProps = { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | undefined>> };

// The token is in the path: never sent on as a referrer, never indexed.
export async function generateMetadata({ searchParams }: Pick<PageProps, "searchParams">): Promise<Metadata> {
  const t = translatorFor(await authLocaleOf(await searchParams), "Auth");
  return { title: t("reset.title"), referrer: "no-referrer", robots: { index: false } };
}

// The page behind the mailed link (which carries the language the reset was asked for in).
// Reading it uses nothing up; the form does.
export default async function ResetPasswordPage({ params, searchParams }: PageProps) {
  const { token } = await params;
  const locale = await authLocaleOf(await searchParams);
  const t = translatorFor(locale, "Auth");
  const link = await checkResetLink(token);
  const forgotHref = authHref("/forgot-password", { lang: locale });
  if (!link.ok) {
    return (
      <AuthLanguage locale={locale}>
        <h1 className="text-xl font-semibold">{t("reset.cannotUse")}</h1>
        <p className="mt-2 text-sm text-slate-600" data-testid="reset-link-problem">
          {t(`reset.${link.reason}`)}
        </p>
        <Link
          href={forgotHref}
          className="mt-6 block rounded-md bg-indigo-600 px-4 py-2 text-center text-sm font-medium text-white hover:bg-indigo-500"
        >
          {t("reset.requestNew")}
        </Link>
        <p className="mt-4 text-sm text-slate-600">
          {t.rich("reset.orSignIn", {
            link: (text) => (
              <Link className="font-medium text-indigo-700 underline" href={authHref("/sign-in", { lang: locale })}>
                {text}
              </Link>
            ),
          })}
        </p>
      </AuthLanguage>
    );
  }
  return (
    <AuthLanguage locale={locale}>
      <h1 className="text-xl font-semibold">{t("reset.title")}</h1>
      <p className="mt-1 text-sm text-slate-600">
        {t.rich("reset.forAccount", { email: link.email, b: (text) => <strong className="text-slate-900">{text}</strong> })}
      </p>
      <ResetPasswordForm reset={resetPasswordAction.bind(null, token, locale ?? null)} lang={locale} forgotHref={forgotHref} />
    </AuthLanguage>
  );
}
