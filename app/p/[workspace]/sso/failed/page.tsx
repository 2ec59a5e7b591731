import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Alert } from "@/components/ui/alert";
import { withBdi } from "@/lib/platform/i18n/bdi";
import { loadPortal } from "@/lib/surfaces/portal/load-portal";

type Props = { params: Promise<{ workspace: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const metadata: Metadata = { robots: { index: false } };

// Where a refused SSO round trip lands: what went wrong in the visitor's words, the rule's name for
// the customer's developers, and a fresh start. The reason is a fixed code: nothing from the
// address is shown but one of these names.
const STATE_MESSAGES = { state_missing: "invalid", state_unknown: "invalid", state_used: "used", state_expired: "expired", state_wrong_workspace: "otherPortal", rate_limited: "busy" } as const;
const REASON = /^[a-z_]{1,40}$/;

export default async function SsoFailedPage({ params, searchParams }: Props) {
  const [{ workspace, base }, search] = await Promise.all([loadPortal((await params).workspace), searchParams]);
  const t = await getTranslations("Sso");
  const reason = typeof search.reason === "string" && REASON.test(search.reason) ? search.reason : "state_unknown";
  const key = reason in STATE_MESSAGES ? STATE_MESSAGES[reason as keyof typeof STATE_MESSAGES] : "token";
  return (
    <div className="mx-auto max-w-lg space-y-4 rounded-xl border border-slate-200 bg-white p-6" data-testid="sso-failed">
      <h1 className="text-xl font-semibold tracking-tight">{t("title")}</h1>
      <Alert>{key === "token" ? withBdi((slot) => t("token", { name: slot(workspace.name) })) : t(key)}</Alert>
      <p className="text-sm text-slate-600">
        {withBdi((slot) => t("code", { name: slot(workspace.name), reason: slot(reason) }))}
      </p>
      <div className="flex flex-wrap gap-4 text-sm font-medium">
        <Link href={`/p/${workspace.slug}/sso/start?from=${encodeURIComponent(base)}`} prefetch={false} className="text-indigo-700 underline hover:text-indigo-900">
          {t("again")}
        </Link>
        <Link href={base} className="text-indigo-700 underline hover:text-indigo-900">
          {t("back")}
        </Link>
      </div>
    </div>
  );
}
