// `npm run plan:set -- <workspace-slug> <plan>`: an instance operator's way to change a plan from
// the shell, through the same domain function as the operator page. Recorded as changed by
// `cli:<system user>`. Exits 2 on wrong usage, 1 when the change is refused (unknown workspace or
// plan), 0 otherwise, including when the workspace already had the plan.
import os from "node:os";
import { ApiError } from "@/lib/platform/http/error-codes";
import { db } from "@/lib/platform/db/client";
import { changeWorkspacePlan } from "@/lib/domain/plans/change-workspace-plan";
import { PLAN_IDS, planName, RESOURCE_LABELS } from "@/lib/domain/plans/limits";

const USAGE = `Usage: npm run plan:set -- <workspace-slug> <plan>   (plans: ${PLAN_IDS.map((plan) => plan.toLowerCase()).join(", ")})`;

function systemUser(): string {
  try {
    return os.userInfo().username;
  } catch {
    return process.env.USER ?? "unknown";
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((arg) => arg !== "--");
  if (args.length !== 2 || args.some((arg) => arg === "-h" || arg === "--help")) {
    console.error(USAGE);
    return 2;
  }
  const [slug, plan] = args as [string, string];
  try {
    const result = await changeWorkspacePlan({ kind: "cli", systemUser: systemUser() }, { workspace: { slug }, plan });
    const name = `${result.workspace.name} (${result.workspace.slug})`;
    if (!result.changed) {
      console.log(`${name} is already on the ${planName(result.to)} plan; nothing changed.`);
    } else {
      console.log(`${name}: ${planName(result.from)} → ${planName(result.to)}, recorded as changed by ${result.changedBy}.`);
    }
    for (const row of result.overLimit) {
      console.log(`  Over the ${planName(result.to)} limit: ${row.used} of ${row.limit} ${RESOURCE_LABELS[row.resource]}. Nothing was deleted; creating more is refused until under the limit.`);
    }
    return 0;
  } catch (error) {
    if (error instanceof ApiError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await db.$disconnect();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
