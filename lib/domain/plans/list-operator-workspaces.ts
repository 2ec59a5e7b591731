import { DomainError } from "@/lib/platform/core/errors";
import { db } from "@/lib/platform/db/client";
import type { Plan } from "@/lib/generated/prisma/enums";
import type { Prisma } from "@/lib/generated/prisma/client";
import { PLAN_IDS } from "./limits";
import { isOperator } from "./operators";
import { OPERATOR_ONLY } from "./operator-only";

/** At most this many rows a page; the search narrows a large instance down. */
export const OPERATOR_PAGE_SIZE = 50;

export interface OperatorWorkspaceRow {
  id: string;
  name: string;
  slug: string;
  plan: Plan;
  owners: string[];
  counts: { members: number; boards: number; posts: number };
  lastPlanChange: { changedBy: string; at: Date } | null;
}

export interface OperatorWorkspaceList {
  rows: OperatorWorkspaceRow[];
  /** How many workspaces match the search in all (more than `rows` holds when past a page). */
  total: number;
}

/** `q` from the URL: matched against name, slug and owners' addresses; `plan` narrows to one plan. */
export function parseOperatorSearch(params: { q?: string | string[]; plan?: string | string[] }) {
  const q = (Array.isArray(params.q) ? params.q[0] : params.q)?.trim().slice(0, 100) ?? "";
  const rawPlan = (Array.isArray(params.plan) ? params.plan[0] : params.plan)?.trim().toUpperCase();
  const plan = PLAN_IDS.find((id) => id === rawPlan) ?? null;
  return { q, plan };
}

/**
 * Every workspace of the instance, for its operators: name, slug, plan, owners, counts and the
 * latest plan change. Nobody else gets anything, not even whether such a list exists.
 */
export async function listOperatorWorkspaces(
  user: { email: string; emailVerified: boolean } | null,
  search: { q: string; plan: Plan | null },
): Promise<OperatorWorkspaceList> {
  if (!isOperator(user)) throw new DomainError("NOT_FOUND", OPERATOR_ONLY);
  const contains = { contains: search.q, mode: "insensitive" as const };
  const where: Prisma.WorkspaceWhereInput = {
    ...(search.plan ? { plan: search.plan } : {}),
    ...(search.q
      ? { OR: [{ name: contains }, { slug: contains }, { memberships: { some: { role: "OWNER", user: { email: contains } } } }] }
      : {}),
  };
  const [workspaces, total] = await Promise.all([
    db.workspace.findMany({
      where,
      orderBy: [{ name: "asc" }, { id: "asc" }],
      take: OPERATOR_PAGE_SIZE,
      select: {
        id: true,
        name: true,
        slug: true,
        plan: true,
        memberships: { where: { role: "OWNER" }, select: { user: { select: { email: true } } }, orderBy: { createdAt: "asc" }, take: 3 },
        planChanges: { orderBy: { createdAt: "desc" }, take: 1, select: { changedBy: true, createdAt: true } },
        _count: { select: { memberships: true, boards: true, posts: true } },
      },
    }),
    db.workspace.count({ where }),
  ]);
  return {
    total,
    rows: workspaces.map((workspace) => ({
      id: workspace.id,
      name: workspace.name,
      slug: workspace.slug,
      plan: workspace.plan,
      owners: workspace.memberships.map((membership) => membership.user.email),
      counts: { members: workspace._count.memberships, boards: workspace._count.boards, posts: workspace._count.posts },
      lastPlanChange: workspace.planChanges[0] ? { changedBy: workspace.planChanges[0].changedBy, at: workspace.planChanges[0].createdAt } : null,
    })),
  };
}
