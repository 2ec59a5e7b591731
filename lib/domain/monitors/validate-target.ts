import { DomainError } from "@/lib/platform/core/errors";
import { systemResolver, type Resolver } from "@/lib/domain/webhooks/address-policy";
import { monitorHostProblem, monitorUrlTargetProblem } from "./address-rule";

/** The save-time check of where a monitor leads, as a field error (`url` or `host`). */
export async function assertAllowedMonitorTarget(target: { kind: string; url?: string | null; host?: string | null }, resolve: Resolver = systemResolver): Promise<void> {
  if (target.kind === "http") {
    const problem = await monitorUrlTargetProblem(target.url ?? "", resolve);
    if (problem) throw new DomainError("VALIDATION_ERROR", "The monitor is not valid.", [{ path: "url", message: problem, code: "forbidden_target" }]);
  } else if (target.kind === "tcp") {
    const problem = await monitorHostProblem((target.host ?? "").replace(/^\[(.*)\]$/, "$1"), resolve);
    if (problem) throw new DomainError("VALIDATION_ERROR", "The monitor is not valid.", [{ path: "host", message: problem, code: "forbidden_target" }]);
  }
}
