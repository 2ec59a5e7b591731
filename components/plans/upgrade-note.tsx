import type { Plan } from "@/lib/generated/prisma/enums";
import { PLAN_IDS, PLANS, planName } from "@/lib/domain/plans/limits";

export type OperatorContact = { label: string; href: string } | null;

/**
 * How a workspace gets another plan on this instance. No payment is wired in: the people who run
 * the instance change plans, so the note says who to ask, and where when the instance names it.
 */
export function UpgradeNote({ plan, contact }: { plan: Plan; contact: OperatorContact }) {
  const unlimited = PLAN_IDS.find((id) => PLANS[id].limits === null && id !== plan);
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
