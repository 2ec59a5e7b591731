"use server";

import { revalidatePath } from "next/cache";
import { guardAction } from "@/lib/surfaces/auth/guard-action";
import { formFailureOf, SESSION_ENDED } from "@/lib/platform/forms/forms";
import type { FormResult } from "@/lib/platform/forms/forms";
import { changeWorkspacePlan } from "@/lib/domain/plans/change-workspace-plan";
import type { PlanChangeSummary } from "@/components/operator/plan-change-summary";

/**
 * The operator page's plan control. The session is read afresh and the domain function checks
 * operator status again, so a page left open after the address left OPERATOR_EMAILS changes
 * nothing; anyone else hears the same "not found" as the page gave them.
 */
export async function changePlanAction(slug: string, plan: string): Promise<FormResult<PlanChangeSummary>> {
  const user = await guardAction();
  if (!user) return SESSION_ENDED;
  try {
    const result = await changeWorkspacePlan({ kind: "operator", user }, { workspace: { slug }, plan });
    revalidatePath("/operator");
    revalidatePath(`/w/${result.workspace.slug}`, "layout");
    return {
      ok: true,
      data: { name: result.workspace.name, from: result.from, to: result.to, changed: result.changed, overLimit: result.overLimit },
    };
  } catch (error) {
    return formFailureOf(error, "changePlanAction");
  }
}
