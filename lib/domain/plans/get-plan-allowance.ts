import type { ScopedDb } from "@/lib/platform/db/scoped";
import type { Plan } from "@/lib/generated/prisma/enums";
import { countUsage } from "./enforce-plan-limit";
import { planLimit, planLimitMessage, type LimitedResource } from "./limits";

/**
 * One limited resource as a form needs it: usage counted exactly as the limit is enforced, and
 * the refusal the form says up front once the limit is reached (null while there is room).
 */
export async function getPlanAllowance(scoped: ScopedDb, plan: Plan, resource: LimitedResource) {
  const used = await countUsage(scoped, resource);
  const limit = planLimit(plan, resource);
  return { used, limit, limitMessage: limit !== null && used >= limit ? planLimitMessage(plan, resource) : null };
}
