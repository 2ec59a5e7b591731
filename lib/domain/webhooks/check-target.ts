import { DomainError } from "@/lib/platform/core/errors";
import { systemResolver, webhookTargetProblem, type Resolver } from "./address-policy";

/** The save-time check of where a URL leads, as a field error on `url`. */
export async function assertAllowedTarget(url: string, resolve: Resolver = systemResolver): Promise<void> {
  const problem = await webhookTargetProblem(url, resolve);
  if (problem) throw new DomainError("VALIDATION_ERROR", "The webhook is not valid.", [{ path: "url", message: problem, code: "forbidden_target" }]);
}
