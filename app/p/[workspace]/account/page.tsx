import type { Metadata } from "next";
import Link from "next/link";
import { withBdi } from "@/lib/platform/i18n/bdi";
import { getTranslations } from "next-intl/server";
import { portalMetadata } from "@/components/portal/metadata";
import { Button } from "@/components/ui/button";
import { portalSignIn, portalVisitorOf } from "@/lib/surfaces/auth/portal-visitor";
import { loadPortal } from "@/lib/surfaces/portal/load-portal";
import { getPostNotificationLevel, POST_NOTIFICATION_LEVELS } from "@/lib/domain/notifications/set-post-notification-level";
import { savePostNotificationLevelAction } from "@/lib/surfaces/actions/portal/account";

type Props = { params: Promise<{ workspace: string }>; searchParams: Promise<{ saved?: string; error?: string }> };

const LABEL_KEYS = { ALL: "all", OWN_POSTS: "own", NONE: "none" } as const;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { workspace } = await loadPortal((await params).workspace);
  const t = await getTranslations("PostNotifications.account");
  return { ...portalMetadata({ workspace, title: t("title"), description: t("legend") }), robots: { index: false, follow: false } };
}

/** A signed-in visitor's choice of mail about posts on this portal. */
export default async function PortalAccountPage({ params, searchParams }: Props) {
  const [{ workspace, base }, user, t, query] = await Promise.all([
    loadPortal((await params).workspace),
    portalVisitorOf((await params).workspace),
    getTranslations("PostNotifications.account"),
    searchParams,
  ]);
  const here = `${base}/account`;
  const signInHref = await portalSignIn(workspace.slug);
  if (!user) {
    return (
      <div className="max-w-xl space-y-3">
        <h1 className="text-2xl font-semibold tracking-tight">{t("title")}</h1>
        <p className="text-slate-600">
          {t("signIn")}{" "}
          <Link href={signInHref(here)} className="font-medium text-indigo-700 underline">
            {t("signInLink")}
          </Link>
        </p>
      </div>
    );
  }
  if (user.sso) {
    const sso = await getTranslations("Sso");
    return (
      <div className="max-w-xl space-y-3">
        <h1 className="text-2xl font-semibold tracking-tight">{t("title")}</h1>
        <p className="text-slate-600" data-testid="sso-no-mail">{withBdi((slot) => sso("noMail", { name: slot(workspace.name) }))}</p>
      </div>
    );
  }
  const level = await getPostNotificationLevel(user.id, workspace.id);
  return (
    <div className="max-w-xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{t("title")}</h1>
        <p className="mt-1 text-slate-600">{t("intro", { workspace: workspace.name, email: user.email ?? "" })}</p>
      </div>
      <form action={savePostNotificationLevelAction.bind(null, workspace.slug)} className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <fieldset aria-describedby={query.error ? "level-error" : undefined}>
          <legend className="text-sm font-semibold text-slate-900">{t("legend")}</legend>
          <div className="mt-3 space-y-2">
            {POST_NOTIFICATION_LEVELS.map((value) => (
              <label key={value} className="flex items-start gap-2 text-sm text-slate-800">
                <input type="radio" name="level" value={value} defaultChecked={value === level} className="mt-0.5" />
                <span>{t(LABEL_KEYS[value])}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {query.error ? (
          <p id="level-error" role="alert" className="text-sm text-red-700">
            {query.error === "busy" ? t("busy") : t("invalid")}
          </p>
        ) : null}
        {query.saved ? (
          <p role="status" className="text-sm text-emerald-800">
            {t("saved")}
          </p>
        ) : null}
        <Button type="submit">{t("save")}</Button>
      </form>
    </div>
  );
}
