import { db } from "@/lib/platform/db/client";
import { actorOf } from "../support/actors";
import { seedTenant } from "../support/api";
import { createComponent } from "@/lib/domain/status/create-component";
import { createMonitor } from "@/lib/domain/monitors/create-monitor";
import { claimDueMonitors, runClaimedCheck } from "@/lib/domain/monitors/monitor-pump";
import type { CreateMonitorInput } from "@/lib/domain/monitors/schemas";

// A workspace with one component, and a way to run a monitor's next check at its due time: the
// clock is handed to the claim and the check, so minutes pass without being waited out.

export async function workspaceWithComponent(name = "API") {
  const tenant = await seedTenant({ plan: "PRO", published: true });
  const actor = await actorOf(tenant, tenant.owner);
  const component = await createComponent(actor, { name, description: "" });
  return { tenant, actor, component };
}

export async function addMonitor(actor: Awaited<ReturnType<typeof actorOf>>, input: CreateMonitorInput) {
  return createMonitor(actor, input);
}

/** Runs the monitor's next due check as if the clock had reached its due time; returns that time. */
export async function runNextCheck(monitorId: string): Promise<Date> {
  const { nextCheckAt } = await db.monitor.findUniqueOrThrow({ where: { id: monitorId }, select: { nextCheckAt: true } });
  const at = () => new Date(nextCheckAt.getTime() + 50);
  const claims = (await claimDueMonitors(100, at)).filter((claim) => claim.id === monitorId);
  if (claims.length !== 1) throw new Error(`monitor ${monitorId} was not due at ${nextCheckAt.toISOString()}`);
  await runClaimedCheck(claims[0]!, at);
  return nextCheckAt;
}
