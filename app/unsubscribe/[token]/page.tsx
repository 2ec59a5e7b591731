import type { Metadata } from "next";
import { createTranslator } from "next-intl";
import { cache } from "react";
import { Button } from "@/components/ui/button";
import { DEFAULT_PORTAL_LOCALE, directionOf, isPortalLocale, type PortalLocale } from "@/lib/platform/i18n/locales";
import { MESSAGES } from "@/lib/platform/i18n/messages";
import { getPostNotificationLevel } from "@/lib/domain/notifications/set-post-notification-level";
import { findUnsubscribeTarget as findTarget } from "@/lib/domain/notifications/unsubscribe-post-updates";
import { unsubscribeAction } from "@/lib/surfaces/actions/portal/unsubscribe-post-updates";

// Read once per request, for the title and the page alike.
const findUnsubscribeTarget = cache(findTarget);

/** The visitor's portal language when known, else the portal's default (English for a bad link). */
function localeOf(target: Awaited<ReturnType<typeof findUnsubscribeTarget>>): PortalLocale {
  const wanted = target?.locale ?? target?.portalDefaultLocale;
  return isPortalLocale(wanted) ? wanted : DEFAULT_PORTAL_LOCALE;
}

const translator = (locale: PortalLocale) => createTranslator({ locale, messages: MESSAGES[locale], namespace: "PostNotifications.unsubscribe" });

// The tab's title in the page's language too.
export async function generateMetadata({ params }: { params: Promise<{ token: string }> }): Promise<Metadata> {
  const locale = localeOf(await findUnsubscribeTarget((await params).token));
  return { title: translator(locale)("title"), robots: { index: false, follow: false } };
}

// Opening the link changes nothing (mail scanners fetch links before people do): the button
// does. The page speaks the visitor's portal language when known, else the portal's default.
export default async function UnsubscribePage({ params, searchParams }: { params: Promise<{ token: string }>; searchParams: Promise<{ done?: string; busy?: string }> }) {
  const { token } = await params;
  const { done, busy } = await searchParams;
  const target = await findUnsubscribeTarget(token);
  const locale = localeOf(target);
  const t = translator(locale);
  const unsubscribed = target && done === "1" && (await getPostNotificationLevel(target.userId, target.workspaceId)) === "NONE";
  return (
    <main lang={locale} dir={directionOf(locale)} className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-xl font-semibold tracking-tight">{t("title")}</h1>
        {!target ? (
          <p role="alert" className="mt-3 text-sm text-slate-700">
            {t("invalid")}
          </p>
        ) : unsubscribed ? (
          <p role="status" className="mt-3 text-sm text-slate-700">
            {t("done", { workspace: target.workspaceName })}
          </p>
        ) : (
          <form action={unsubscribeAction.bind(null, token)} className="mt-3 space-y-4">
            <p className="text-sm text-slate-700">{t("confirm", { workspace: target.workspaceName, email: target.email })}</p>
            {busy ? <p role="alert" className="text-sm text-red-700">{t("busy")}</p> : null}
            <Button type="submit">{t("button")}</Button>
          </form>
        )}
      </div>
    </main>
  );
}
