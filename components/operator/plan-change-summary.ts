import { planName, RESOURCE_LABELS } from "@/lib/domain/plans/limits";
import type { PlanChangeSummary } from "@/lib/surfaces/actions/operator/plans";

/** One sentence for the toast: what changed, and what is now past the new plan's limits. */
export function describePlanChange(summary: PlanChangeSummary): string {
  if (!summary.changed) return `${summary.name} is already on the ${planName(summary.to)} plan.`;
  const moved = `${summary.name} moved from ${planName(summary.from)} to ${planName(summary.to)}.`;
  if (summary.overLimit.length === 0) return moved;
  const over = summary.overLimit.map((row) => `${row.used} of ${row.limit} ${RESOURCE_LABELS[row.resource]}`).join(", ");
  return `${moved} Over its limits: ${over}. Nothing was deleted; creating more is refused until it is under them.`;
}
