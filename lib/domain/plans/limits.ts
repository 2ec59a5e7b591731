import type { Plan } from "@/lib/generated/prisma/enums";

// Every plan in one table: its name, its price and its limits. Everything that shows a plan or
// enforces a limit (the API's 403 PLAN_LIMIT, the dashboard's meters and forms, the settings page,
// the operator page) reads it here. A plan without limits has `limits: null`. The counting of each
// limited resource lives in lib/domain/plans/enforce-plan-limit.ts, so the API and the dashboard refuse
// at the same number.
export const PLANS = {
  FREE: {
    name: "Free",
    monthlyPriceCents: 0,
    limits: {
      boards: 3,
      posts: 1_000,
      releaseNotes: 100,
      todoItems: 500,
      statusComponents: 10,
      activeApiKeys: 5,
      members: 5,
      webhookEndpoints: 3,
    },
  },
  PRO: {
    name: "Pro",
    // What a billing provider's checkout charges once one is configured (docs on billing); an
    // instance without billing shows no price, only who to ask.
    monthlyPriceCents: 1_900,
    limits: null,
  },
} as const satisfies Record<Plan, { name: string; monthlyPriceCents: number; limits: Record<string, number> | null }>;

export type LimitedResource = keyof (typeof PLANS)["FREE"]["limits"];

/** Every limited resource, in the table's order. */
export const LIMITED_RESOURCES = Object.keys(PLANS.FREE.limits) as LimitedResource[];

/** Every plan, in the table's order (cheapest first). */
export const PLAN_IDS = Object.keys(PLANS) as Plan[];

export const RESOURCE_LABELS: Record<LimitedResource, string> = {
  boards: "boards",
  posts: "posts",
  releaseNotes: "release notes",
  todoItems: "todo items",
  statusComponents: "status components",
  activeApiKeys: "active API keys",
  members: "members",
  webhookEndpoints: "webhook endpoints",
};

export function planName(plan: Plan): string {
  return PLANS[plan].name;
}

export function planLimit(plan: Plan, resource: LimitedResource): number | null {
  const limits: Record<LimitedResource, number> | null = PLANS[plan].limits;
  return limits?.[resource] ?? null;
}

/** The first plan in the table without a limit on `resource`: what a refusal suggests. */
function planWithoutLimit(resource: LimitedResource): Plan | undefined {
  return PLAN_IDS.find((plan) => planLimit(plan, resource) === null);
}

export function planLimitMessage(plan: Plan, resource: LimitedResource): string {
  const upgrade = planWithoutLimit(resource);
  const suggestion = upgrade ? ` Upgrade to ${planName(upgrade)} for more.` : "";
  return `The ${planName(plan)} plan allows ${planLimit(plan, resource)} ${RESOURCE_LABELS[resource]}.${suggestion}`;
}

/** "$19 a month"; "free" for a plan that costs nothing. */
export function formatPlanPrice(plan: Plan): string {
  const cents = PLANS[plan].monthlyPriceCents;
  if (cents === 0) return "free";
  const amount = (cents / 100).toLocaleString("en-US", { style: "currency", currency: "USD", minimumFractionDigits: cents % 100 === 0 ? 0 : 2 });
  return `${amount} a month`;
}
