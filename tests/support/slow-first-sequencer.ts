import { BaseSequencer, type TestSpecification } from "vitest/node";

// Vitest starts the files it has timed before longest first; on a fresh machine (CI) it has no
// timings and starts the largest files first, which left the slowest ones (small files that serve
// the production build or wait on child processes) to start last and run alone at the end. These
// start first, slowest first, and the rest follow in Vitest's own order. Nothing is left out: a
// file not listed runs as before.
//
// The order is a whole quiet run's per-file times on the two-core machine (28 Nov, the reporter's
// time, hooks included), the files changed since placed by their tests' measured times less the
// waits removed. One exception: the memory test of the production server (long-request-lines)
// starts first and the other files that serve the build only after about 90 s of files that do not
// (subscriptions, query plans, the 10,000-subscriber fan-out), so that it has its share of the cores
// while it reads the server's memory, as it had when the production server's own file came later.
export const SLOW_FIRST = [
  "tests/server/long-request-lines.test.ts", // 91.5 s
  "tests/subscriptions/subscriptions.test.ts", // ~37 s (100 s with the large sends and answer floors)
  "tests/plans/query-plans.test.ts", // 31.8 s
  "tests/subscriptions/large-send-fan-out.test.ts", // ~29 s
  "tests/server/production-server.test.ts", // 76.0 s
  "tests/server/dev-server.test.ts", // 32.8 s
  "tests/webhooks/outage.test.ts", // 24.3 s
  "tests/subscriptions/large-send-smtp.test.ts", // ~21 s
  "tests/public/page-cache.test.ts", // 20.2 s
  "tests/server/two-instances.test.ts", // 17.8 s
  "tests/server/shared-limits.test.ts", // 16.1 s
  "tests/server/pool-exhaustion.test.ts", // 15.1 s
  "tests/imports/own-archive.test.ts", // 13.7 s
  "tests/jobs/queue.test.ts", // 12.9 s
  "tests/server/self-hosting-guide.test.ts", // 11.6 s
  "tests/server/sign-in-flood.test.ts", // 11.4 s
  "tests/jobs/worker-thread.test.ts", // ~11 s (15.2 s with the 5 s stop margin)
  // The standalone project runs after the integration one.
  "tests/db/drift.test.ts", // 88.9 s
  "tests/unit/dependency-rules.test.ts", // 43.0 s
  "tests/db/pglite-lock.test.ts", // 38.3 s
  "tests/db/pglite-import.test.ts", // 16.2 s
  "tests/db/migrate.test.ts", // 13.5 s
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
