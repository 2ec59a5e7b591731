import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { loadPortal } from "@/lib/surfaces/portal/load-portal";
import { confirmAction } from "@/lib/surfaces/actions/portal/subscriptions";

type Props = { params: Promise<{ workspace: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const metadata: Metadata = { robots: { index: false } };

// The page a confirmation mail links to. Confirming takes a press of the button (a POST), not the
// mere opening of the link: mail scanners that fetch every link must not confirm on the owner's behalf.
export default async function ConfirmSubscriptionPage({ params, searchParams }: Props) {
  const [{ workspace, base }, search] = await Promise.all([loadPortal((await params).workspace), searchParams]);
  const t = await getTranslations("Subscriptions");
  const token = typeof search.token === "string" ? search.token.slice(0, 100) : "";
  const result = search.result === "expired" ? "expired" : search.result === "invalid" || !token ? "invalid" : null;
  const again = search.topic === "CHANGELOG" ? `${base}/changelog` : `${base}/status`;

  return (
    <div className="mx-auto max-w-lg space-y-4 rounded-xl border border-slate-200 bg-white p-6">
      <h1 className="text-xl font-semibold tracking-tight">{t("confirmTitle")}</h1>
      {result ? (
        <>
          <Alert>{result === "expired" ? t("confirmExpired") : t("confirmInvalid")}</Alert>
          <Link href={again} className="inline-block text-sm font-medium text-indigo-700 underline hover:text-indigo-900">
            {t("subscribeAgain")}
          </Link>
        </>
      ) : (
        <form action={confirmAction}>
          <input type="hidden" name="workspace" value={workspace.slug} />
          <input type="hidden" name="token" value={token} />
          <Button type="submit">{t("mail.confirmButton")}</Button>
        </form>
      )}
    </div>
  );
}
