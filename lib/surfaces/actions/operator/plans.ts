"use server";

import { serverAction } from "@/lib/surfaces/actions/server-action";
import type { FormResult } from "@/lib/platform/forms/forms";
import { changeWorkspacePlan } from "@/lib/domain/plans/change-workspace-plan";
import type { PlanUsage } from "@/lib/domain/plans/get-plan-usage";
import type { Plan } from "@/lib/generated/prisma/enums";

/** What the operator page hears back after a plan change. */
export interface PlanChangeSummary {
  name: string;
  from: Plan;
  to: Plan;
  changed: boolean;
  overLimit: PlanUsage[];
}

/**
 * The operator page's plan control. The session is read afresh and the domain function checks
 * operator status again, so a page left open after the address left OPERATOR_EMAILS changes
 * nothing; anyone else hears the same "not found" as the page gave them.
 */
export async function changePlanAction(slug: string, plan: string) {
  return serverAction(
    {
      context: "changePlanAction",
      caller: "user",
      // The workspace was found by this very slug, so its pages are under it.
      stale: (answer: FormResult<PlanChangeSummary>) => (answer.ok ? { pages: ["/operator"], layouts: [`/w/${slug}`] } : undefined),
    },
    async (user): Promise<FormResult<PlanChangeSummary>> => {
      const result = await changeWorkspacePlan({ kind: "operator", user }, { workspace: { slug }, plan });
      return { ok: true, data: { name: result.workspace.name, from: result.from, to: result.to, changed: result.changed, overLimit: result.overLimit } };
    },
  );
}
