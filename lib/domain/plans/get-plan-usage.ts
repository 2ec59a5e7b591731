import type { ScopedDb } from "@/lib/platform/db/scoped";
import type { Plan } from "@/lib/generated/prisma/enums";
import { countUsage } from "./enforce-plan-limit";
import { LIMITED_RESOURCES, planLimit, type LimitedResource } from "./limits";

export interface PlanUsage {
  resource: LimitedResource;
  used: number;
  /** null: the plan has no limit for it. */
  limit: number | null;
}

/**
 * What the dashboard shows next to a plan: usage counted exactly as the limit is enforced
 * (lib/domain/plans/enforce-plan-limit.ts), so "4 of 5" on the page means the fifth create will pass.
 */
export async function getPlanUsage(scoped: ScopedDb, plan: Plan, resources: readonly LimitedResource[] = LIMITED_RESOURCES): Promise<PlanUsage[]> {
  return Promise.all(
    resources.map(async (resource) => ({ resource, used: await countUsage(scoped, resource), limit: planLimit(plan, resource) })),
  );
}
