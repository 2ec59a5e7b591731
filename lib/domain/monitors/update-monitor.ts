import { DomainError } from "@/lib/platform/core/errors";
import { validate } from "@/lib/platform/core/validate";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import type { Resolver } from "@/lib/domain/webhooks/address-policy";
import { getMonitorOrThrow } from "./get-monitor";
import { monitorView } from "./monitor-view";
import { slotAfter } from "./schedule";
import { updateMonitorBody, type UpdateMonitorInput } from "./schemas";
import { assertAllowedMonitorTarget } from "./validate-target";

const HTTP_ONLY = ["url", "method", "headers", "expectedStatus", "keyword"] as const;
const TCP_ONLY = ["host", "port"] as const;
const CHECKED_ONLY = ["timeoutMs", "degradedAboveMs"] as const;

/** Changes a monitor; a new interval moves its next check to its phase in that interval. */
export async function updateMonitor(actor: WorkspaceActor, id: string, input: UpdateMonitorInput, resolve?: Resolver) {
  authorize(actor, "monitors.manage", "change monitors");
  const body = validate(updateMonitorBody, input, "The monitor is not valid.");
  const current = await getMonitorOrThrow(actor.db, id);
  const foreign = [
    ...(current.kind === "http" ? [] : HTTP_ONLY),
    ...(current.kind === "tcp" ? [] : TCP_ONLY),
    ...(current.kind === "heartbeat" ? CHECKED_ONLY : []),
  ].filter((field) => body[field] !== undefined);
  if (foreign.length > 0) {
    throw new DomainError(
      "VALIDATION_ERROR",
      "The monitor is not valid.",
      foreign.map((field) => ({ path: field, message: `A ${current.kind} monitor has no ${field}.`, code: "unrecognized_key" })),
    );
  }
  if (body.url !== undefined || body.host !== undefined) await assertAllowedMonitorTarget({ kind: current.kind, url: body.url ?? current.url, host: body.host ?? current.host }, resolve);
  const now = new Date();
  const interval = body.intervalSeconds ?? current.intervalSeconds;
  const reschedule = body.intervalSeconds !== undefined && body.intervalSeconds !== current.intervalSeconds;
  const { count } = await actor.db.monitor.updateMany({
    where: { id },
    data: { ...body, ...(reschedule ? { nextCheckAt: slotAfter(id, interval, now) } : {}) },
  });
  if (count === 0) throw new DomainError("NOT_FOUND", "Monitor not found. It may have been deleted in another tab.");
  return monitorView(await getMonitorOrThrow(actor.db, id));
}
