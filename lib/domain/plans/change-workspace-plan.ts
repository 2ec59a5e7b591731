import { DomainError } from "@/lib/platform/core/errors";
import { db } from "@/lib/platform/db/client";
import { scopedDb } from "@/lib/platform/db/scoped";
import type { Plan } from "@/lib/generated/prisma/enums";
import { log } from "@/lib/platform/log/logger";
import { getPlanUsage, type PlanUsage } from "./get-plan-usage";
import { PLAN_IDS, planName } from "./limits";
import { isOperator } from "./operators";
import { OPERATOR_ONLY } from "./operator-only";

/**
 * Who asks for the change. Each surface says who it is; the record keeps it as `changedBy`.
 * - an operator in the dashboard: checked here against OPERATOR_EMAILS, as on every call;
 * - the command line: whoever can run it already holds the database, so it is trusted;
 * - a billing provider's webhook: trusted once its surface has verified the event's signature,
 *   and carrying the event's id so a redelivery changes nothing twice.
 */
export type PlanChanger =
  | { kind: "operator"; user: { email: string; emailVerified: boolean } }
  | { kind: "cli"; systemUser: string }
  | { kind: "billing"; provider: string; eventId: string };

export interface ChangeWorkspacePlanInput {
  /** The workspace by slug (operator page, command) or by id (billing, whose records outlive a slug). */
  workspace: { slug: unknown } | { id: string };
  /** A plan id of the table in lib/domain/plans/limits.ts, in any case ("pro", "PRO"). */
  plan: unknown;
}

export interface PlanChangeResult {
  workspace: { id: string; slug: string; name: string };
  from: Plan;
  to: Plan;
  /** False when the workspace already had the plan, or the billing event was seen before. */
  changed: boolean;
  changedBy: string;
  /**
   * After a downgrade, the resources already past the new plan's limits. Nothing is deleted:
   * creating more of them is refused until enough are removed to fall under the limit.
   */
  overLimit: PlanUsage[];
}

const PLAN_LIST = PLAN_IDS.map((plan) => plan.toLowerCase()).join(", ");

export function parsePlan(value: unknown): Plan {
  const wanted = typeof value === "string" ? value.trim().toUpperCase() : "";
  const plan = PLAN_IDS.find((id) => id === wanted);
  if (plan) return plan;
  const shown = typeof value === "string" && value.trim() ? `"${value.trim().slice(0, 40)}"` : "Nothing";
  const message = `${shown} is not a plan. Choose one of: ${PLAN_LIST}.`;
  throw new DomainError("VALIDATION_ERROR", message, [{ path: "plan", message, code: "invalid_value" }]);
}

function describeChanger(changer: PlanChanger): string {
  switch (changer.kind) {
    case "operator":
      return changer.user.email.trim().toLowerCase();
    case "cli":
      return `cli:${changer.systemUser}`;
    case "billing":
      return `billing:${changer.provider}`;
  }
}

/**
 * Moves a workspace to another plan: the operator page, `npm run plan:set` and (once wired) a
 * billing provider's webhook all come here. Every change is recorded (who, from, to, when) and
 * logged. The workspace row is locked for it, so a create racing a downgrade is counted against
 * one plan or the other, never half of each. Downgrading never deletes anything.
 */
export async function changeWorkspacePlan(changer: PlanChanger, input: ChangeWorkspacePlanInput): Promise<PlanChangeResult> {
  if (changer.kind === "operator" && !isOperator(changer.user)) throw new DomainError("NOT_FOUND", OPERATOR_ONLY);
  const to = parsePlan(input.plan);
  const changedBy = describeChanger(changer);
  const eventId = changer.kind === "billing" ? changer.eventId : null;
  const slug = "slug" in input.workspace ? (typeof input.workspace.slug === "string" ? input.workspace.slug.trim() : "") : null;
  // A slug with control characters matches nothing; asking the database would only fail on a NUL.
  if (slug !== null && (slug === "" || /[\u0000-\u001f\u007f]/.test(slug))) throw new DomainError("NOT_FOUND", "No workspace has that slug.");
  const where = slug === null ? { id: (input.workspace as { id: string }).id } : { slug };

  const outcome = await db.$transaction(async (tx) => {
    const found = await tx.workspace.findUnique({ where, select: { id: true } });
    if (!found) throw new DomainError("NOT_FOUND", slug === null ? "No such workspace." : `No workspace has the slug "${slug.slice(0, 60)}".`);
    const [workspace] = await tx.$queryRaw<{ id: string; slug: string; name: string; plan: Plan }[]>`
      SELECT id, slug, name, plan FROM "Workspace" WHERE id = ${found.id} FOR NO KEY UPDATE`;
    if (!workspace) throw new DomainError("NOT_FOUND", "No such workspace.");
    const summary = { id: workspace.id, slug: workspace.slug, name: workspace.name };
    const unchanged = { workspace: summary, from: workspace.plan, to, changed: false };
    if (eventId && (await tx.planChange.count({ where: { eventId } })) > 0) return unchanged;
    if (workspace.plan === to) {
      // A billing event is recorded even when it changes nothing, so that a late redelivery of it
      // cannot undo a change made after it.
      if (eventId) await tx.planChange.create({ data: { workspaceId: workspace.id, fromPlan: to, toPlan: to, changedBy, eventId } });
      return unchanged;
    }
    await tx.workspace.update({ where: { id: workspace.id }, data: { plan: to } });
    await tx.planChange.create({ data: { workspaceId: workspace.id, fromPlan: workspace.plan, toPlan: to, changedBy, eventId } });
    return { ...unchanged, changed: true };
  });

  if (outcome.changed) {
    log.info({ workspaceId: outcome.workspace.id, slug: outcome.workspace.slug, from: outcome.from, to, changedBy }, `plan of ${outcome.workspace.slug} changed from ${planName(outcome.from)} to ${planName(to)}`);
  }
  const usage = await getPlanUsage(scopedDb(outcome.workspace.id), to);
  return { ...outcome, changedBy, overLimit: usage.filter((row) => row.limit !== null && row.used > row.limit) };
}
