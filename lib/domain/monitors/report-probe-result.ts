import { validate } from "@/lib/platform/core/validate";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { getMonitorOrThrow } from "./get-monitor";
import { recordResult } from "./record-result";
import { probeResultBody, type ProbeResultInput } from "./schemas";
import type { z } from "zod";

/** A probe agent's result for one check, from its place; recorded once per (monitor, place, due time). */
export async function reportProbeResult(actor: WorkspaceActor, monitorId: string, input: ProbeResultInput | z.output<typeof probeResultBody>) {
  authorize(actor, "monitors.manage", "report monitor results");
  const body = validate(probeResultBody, { ...input, dueAt: input.dueAt instanceof Date ? input.dueAt.toISOString() : input.dueAt }, "The result is not valid.");
  await getMonitorOrThrow(actor.db, monitorId);
  const outcome = await recordResult({
    monitorId,
    workspaceId: actor.workspaceId,
    place: body.place === "app" ? "probe-app" : body.place,
    dueAt: body.dueAt,
    outcome: { ok: body.ok, degraded: false, durationMs: body.durationMs, statusCode: body.statusCode, error: body.error },
    now: new Date(),
    scheduled: false,
  });
  return { recorded: outcome === "recorded" };
}
