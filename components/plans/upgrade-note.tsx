import Link from "next/link";
import type { Plan } from "@/lib/generated/prisma/enums";
import { PLAN_IDS, PLANS, planName } from "@/lib/domain/plans/limits";

export type OperatorContact = { label: string; href: string } | null;

/**
 * How a workspace gets another plan on this instance. No payment is wired in: the people who run
 * the instance change plans, so the note says who to ask, and where when the instance names it.
 */
export function UpgradeNote({ plan, contact, youOperate }: { plan: Plan; contact: OperatorContact; youOperate?: { slug: string } }) {
  const unlimited = PLAN_IDS.find((id) => PLANS[id].limits === null && id !== plan);
  if (youOperate) {
    // The operator reading their own workspace's settings: the way is theirs to take.
    return (
      <p className="text-sm text-slate-600" data-testid="upgrade-note">
        You operate this instance: change this workspace&apos;s plan on the{" "}
        <Link href={`/operator?q=${encodeURIComponent(youOperate.slug)}`} className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-600">
          operator page
        </Link>
        , or from a shell with <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs">npm run plan:set -- {youOperate.slug} {(unlimited ?? plan).toLowerCase()}</code>
        {" "}(with the server stopped when it uses the embedded database).
      </p>
    );
  }
  const ask = contact ? (
    <>
      contact your instance operator at{" "}
      <a href={contact.href} className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-600">
        {contact.label}
      </a>
    </>
  ) : (
    <>contact your instance operator (whoever runs this installation for you)</>
  );
  return (
    <p className="text-sm text-slate-600" data-testid="upgrade-note">
      {unlimited ? (
        <>
          <span className="font-medium text-slate-900">Need more?</span> The {planName(unlimited)} plan has no limits. To move this workspace to it, {ask}
          , naming the workspace&apos;s slug.
        </>
      ) : (
        <>To change this workspace&apos;s plan, {ask}, naming the workspace&apos;s slug.</>
      )}
    </p>
  );
}
