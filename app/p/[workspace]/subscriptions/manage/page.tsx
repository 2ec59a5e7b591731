import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { listComponentNames } from "@/lib/domain/subscriptions/component-names";
import { getSubscriptionByToken } from "@/lib/domain/subscriptions/manage-subscription";
import { loadPortal } from "@/lib/surfaces/portal/load-portal";
import { saveComponentsAction, unsubscribeAction } from "@/lib/surfaces/actions/portal/subscriptions";

type Props = { params: Promise<{ workspace: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const metadata: Metadata = { robots: { index: false } };

// The page every subscriber mail links to: which components, or unsubscribe. The link's token is
// the only key; an ended subscription (unsubscribed twice, say) just says it has ended.
export default async function ManageSubscriptionPage({ params, searchParams }: Props) {
  const [{ workspace, base }, search] = await Promise.all([loadPortal((await params).workspace), searchParams]);
  const t = await getTranslations("Subscriptions");
  const token = typeof search.token === "string" ? search.token.slice(0, 100) : "";
  const subscription = token ? await getSubscriptionByToken(workspace.id, token) : null;
  const again = (search.topic ?? subscription?.topic) === "CHANGELOG" ? `${base}/changelog` : `${base}/status`;

  if (!subscription) {
    return (
      <div className="mx-auto max-w-lg space-y-4 rounded-xl border border-slate-200 bg-white p-6">
        <h1 className="text-xl font-semibold tracking-tight">{t("manageTitle")}</h1>
        {search.unsubscribed === "1" ? <Alert tone="success">{t("unsubscribed")}</Alert> : <Alert>{t("manageInvalid")}</Alert>}
        <Link href={again} className="inline-block text-sm font-medium text-indigo-700 underline hover:text-indigo-900">
          {t("subscribeAgain")}
        </Link>
      </div>
    );
  }

  const components = subscription.topic === "STATUS" ? await listComponentNames(workspace.id) : [];
  const chosen = new Set(subscription.componentIds);
  return (
    <div className="mx-auto max-w-lg space-y-5 rounded-xl border border-slate-200 bg-white p-6">
      <h1 className="text-xl font-semibold tracking-tight">{t("manageTitle")}</h1>
      {search.confirmed === "1" ? <Alert tone="success">{t("confirmed", { topic: t(`topic.${subscription.topic}`), name: workspace.name })}</Alert> : null}
      {search.saved === "1" ? <Alert tone="success">{t("saved")}</Alert> : null}
      <p className="text-sm text-slate-700">{t("manageIntro", { topic: t(`topic.${subscription.topic}`), name: workspace.name, email: subscription.email })}</p>
      {components.length > 0 ? (
        <form action={saveComponentsAction} className="space-y-3">
          <input type="hidden" name="workspace" value={workspace.slug} />
          <input type="hidden" name="token" value={token} />
          <fieldset className="text-sm">
            <legend className="font-medium text-slate-800">{t("components")}</legend>
            <p className="text-slate-500">{t("allComponents")}</p>
            <div className="mt-2 space-y-2">
              {components.map((component) => (
                <label key={component.id} className="flex items-center gap-2">
                  <input type="checkbox" name="component" value={component.id} defaultChecked={chosen.has(component.id)} />
                  {component.name}
                </label>
              ))}
            </div>
          </fieldset>
          <Button type="submit" variant="secondary">
            {t("save")}
          </Button>
        </form>
      ) : null}
      <form action={unsubscribeAction} className="border-t border-slate-100 pt-4">
        <input type="hidden" name="workspace" value={workspace.slug} />
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="topic" value={subscription.topic} />
        <Button type="submit" variant="danger">
          {t("unsubscribe")}
        </Button>
      </form>
    </div>
  );
}
