import { randomBytes } from "node:crypto";
import { DomainError } from "@/lib/platform/core/errors";
import { validate } from "@/lib/platform/core/validate";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import type { Resolver } from "@/lib/domain/webhooks/address-policy";
import { monitorView } from "./monitor-view";
import { slotAfter } from "./schedule";
import { createMonitorBody, type CreateMonitorInput } from "./schemas";
import { assertAllowedMonitorTarget } from "./validate-target";

/** A workspace's monitors are bounded: each costs a check every interval. */
export const MAX_MONITORS_PER_WORKSPACE = 1_000;

/** A new monitor on a status component; its first check falls at its own phase within the interval. */
export async function createMonitor(actor: WorkspaceActor, input: CreateMonitorInput, resolve?: Resolver) {
  authorize(actor, "monitors.manage", "add monitors");
  const body = validate(createMonitorBody, input, "The monitor is not valid.");
  await assertAllowedMonitorTarget(body, resolve);
  const now = new Date();
  return actor.db.$transactionLocked(async (tx) => {
    const component = await tx.statusComponent.findFirst({ where: { id: body.componentId }, select: { id: true } });
    if (!component) throw new DomainError("VALIDATION_ERROR", "The monitor is not valid.", [{ path: "componentId", message: "No such status component in this workspace.", code: "not_found" }]);
    if ((await tx.monitor.count()) >= MAX_MONITORS_PER_WORKSPACE) {
      throw new DomainError("PLAN_LIMIT", `A workspace has at most ${MAX_MONITORS_PER_WORKSPACE.toLocaleString("en")} monitors.`);
    }
    const created = await tx.monitor.create({
      data: {
        workspaceId: actor.workspaceId,
        componentId: body.componentId,
        name: body.name,
        kind: body.kind,
        intervalSeconds: body.intervalSeconds,
        failuresToDown: body.failuresToDown,
        successesToUp: body.successesToUp,
        placesToDown: body.placesToDown,
        incidentMode: body.incidentMode,
        paused: body.paused,
        nextCheckAt: now,
        ...(body.kind === "http"
          ? { url: body.url, method: body.method, headers: body.headers, expectedStatus: body.expectedStatus, keyword: body.keyword ?? null, timeoutMs: body.timeoutMs, degradedAboveMs: body.degradedAboveMs ?? null }
          : body.kind === "tcp"
            ? { host: body.host, port: body.port, timeoutMs: body.timeoutMs, degradedAboveMs: body.degradedAboveMs ?? null }
            : { heartbeatToken: randomBytes(24).toString("base64url") }),
      },
    });
    const monitor = await tx.monitor.update({ where: { id: created.id }, data: { nextCheckAt: slotAfter(created.id, created.intervalSeconds, now) } });
    return monitorView(monitor);
  });
}
