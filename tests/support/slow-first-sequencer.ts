import { BaseSequencer, type TestSpecification } from "vitest/node";

// Vitest starts the files it has timed before longest first; on a fresh machine (CI) it has no
// timings and starts the largest files first, which left the slowest ones (small files that serve
// the production build or wait on child processes) to start last and run alone at the end. These
// start first, slowest first (a whole run's durations on the two-core machine), and the rest follow in Vitest's own order. Nothing is
// left out: a file not listed runs as before.
export const SLOW_FIRST = [
  "tests/server/long-request-lines.test.ts",
  "tests/subscriptions/subscriptions.test.ts",
  "tests/server/production-server.test.ts",
  "tests/db/drift.test.ts",
  "tests/mcp/mcp-server.test.ts",
  "tests/db/pglite-lock.test.ts",
  "tests/plans/change-workspace-plan.test.ts",
  "tests/api/status-incidents.test.ts",
  "tests/server/dev-server.test.ts",
  "tests/identity/throttles.test.ts",
  "tests/notifications/post-notifications.test.ts",
  "tests/webhooks/outage.test.ts",
  "tests/jobs/worker-thread.test.ts",
  "tests/server/two-instances.test.ts",
  "tests/server/sign-in-flood.test.ts",
];

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = SLOW_FIRST.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return index === -1 ? SLOW_FIRST.length : index;
    };
    // Stable within each project (Vitest runs one project's files before the next's).
    const order = new Map(sorted.map((spec, index) => [spec, index]));
    return [...sorted].sort((a, b) => {
      if (a.project.name !== b.project.name) return order.get(a)! - order.get(b)!;
      return rank(a) - rank(b) || order.get(a)! - order.get(b)!;
    });
  }
}
