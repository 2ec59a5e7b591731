import type { Monitor } from "@/lib/generated/prisma/client";
import type { AddressRule, Resolver } from "@/lib/domain/webhooks/address-policy";
import { failed, passed, type CheckOutcome } from "./check-outcome";
import { runHttpCheck } from "./http-check";
import { runTcpCheck } from "./tcp-check";

export interface CheckOptions {
  resolve?: Resolver;
  ca?: string | Buffer;
  rule?: AddressRule;
}

/** A heartbeat may arrive this much after its interval and still count (a job's own run time). */
const HEARTBEAT_GRACE = 0.1;

/**
 * A heartbeat's check: was it called within its interval? Null when nothing can be said: the app
 * itself was not checking (no worker, the database away) for longer than an interval, so beats sent
 * then may have been refused by the app's own outage; its window starts again instead of counting
 * a failure the monitored job did not make.
 */
export function heartbeatOutcome(monitor: Pick<Monitor, "intervalSeconds" | "lastBeatAt" | "lastCheckedAt" | "createdAt" | "heartbeatWindowAt">, dueAt: Date, now: Date): CheckOutcome | null {
  const intervalMs = monitor.intervalSeconds * 1000;
  if (monitor.lastCheckedAt && dueAt.getTime() - new Date(monitor.lastCheckedAt).getTime() > 2 * intervalMs + 60_000) return null;
  if (now.getTime() - dueAt.getTime() > intervalMs + 60_000) return null;
  const since = Math.max(...[monitor.lastBeatAt, monitor.heartbeatWindowAt, monitor.createdAt].map((at) => (at ? new Date(at).getTime() : 0)));
  const silentMs = now.getTime() - since;
  // Within its wait: a pass when the latest thing seen is a beat, else nothing to say yet.
  if (silentMs <= intervalMs * (1 + HEARTBEAT_GRACE)) return monitor.lastBeatAt && new Date(monitor.lastBeatAt).getTime() >= since ? passed(0, null) : null;
  const last = monitor.lastBeatAt ? `since ${new Date(monitor.lastBeatAt).toISOString().slice(11, 16)} UTC` : "yet";
  return failed(`no heartbeat ${last} (expected every ${monitor.intervalSeconds} s)`);
}

/** Runs one check of a monitor; never throws. Null: nothing to record this time (see heartbeatOutcome). */
export async function runCheck(monitor: Monitor, dueAt: Date, now: () => Date, options: CheckOptions = {}): Promise<CheckOutcome | null> {
  try {
    if (monitor.kind === "heartbeat") return heartbeatOutcome(monitor, dueAt, now());
    if (monitor.kind === "tcp") return await runTcpCheck({ host: monitor.host ?? "", port: monitor.port ?? 0, timeoutMs: monitor.timeoutMs, degradedAboveMs: monitor.degradedAboveMs }, options.resolve, options.rule);
    return await runHttpCheck(
      {
        url: monitor.url ?? "",
        method: monitor.method,
        headers: (monitor.headers ?? {}) as Record<string, string>,
        expectedStatus: monitor.expectedStatus,
        keyword: monitor.keyword,
        timeoutMs: monitor.timeoutMs,
        degradedAboveMs: monitor.degradedAboveMs,
      },
      options,
    );
  } catch (error) {
    return failed(`the check could not run (${(error as Error).message.slice(0, 120)})`);
  }
}
