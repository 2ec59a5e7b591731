import type { Plan } from "@/lib/generated/prisma/enums";

// The Free plan's limits, in one table. PRO has no limits. Each entry names what it counts; the counting lives in
// lib/plans/enforce-plan-limit.ts so the API and the dashboard refuse at the same number.
export const PLAN_LIMITS = {
  FREE: {
    boards: 3,
    posts: 1_000,
    releaseNotes: 100,
    todoItems: 500,
    statusComponents: 10,
    activeApiKeys: 5,
    members: 5,
  },
  PRO: null,
} as const satisfies Record<Plan, Record<string, number> | null>;

export type LimitedResource = keyof (typeof PLAN_LIMITS)["FREE"];

export const RESOURCE_LABELS: Record<LimitedResource, string> = {
  boards: "boards",
  posts: "posts",
  releaseNotes: "release notes",
  todoItems: "todo items",
  statusComponents: "status components",
  activeApiKeys: "active API keys",
  members: "members",
};

export function planLimit(plan: Plan, resource: LimitedResource): number | null {
  return PLAN_LIMITS[plan]?.[resource] ?? null;
}

export function planLimitMessage(plan: Plan, resource: LimitedResource): string {
  const limit = planLimit(plan, resource);
  return `The ${plan === "FREE" ? "Free" : plan} plan allows ${limit} ${RESOURCE_LABELS[resource]}. Upgrade to Pro for more.`;
}
