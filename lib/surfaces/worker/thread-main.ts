import { parentPort } from "node:worker_threads";
import { describeError } from "@/lib/platform/log/describe-error";
import { log } from "@/lib/platform/log/logger";
import type { JobWorker } from "@/lib/platform/jobs/worker";
import { memoryReducingCollection } from "@/lib/platform/server/memory-release";
import { startAppWorker } from "./app-worker";

// The job worker's own thread (lib/surfaces/worker/worker-thread.ts). It starts the same worker
// `npm run worker` runs, trying again with a growing pause while the database refuses, and stops
// when the server's thread asks: running jobs finish (or are handed back) first, then the thread
// ends. When the server hands memory back after a busy spell, this thread does the same with its
// own heap.

type StopMessage = { type: "stop"; timeoutMs: number };
export type ToJobThread = StopMessage | { type: "release-memory" };
export type FromJobThread = { type: "started" };

const port = parentPort!;
let worker: JobWorker | undefined;
const collect = memoryReducingCollection();

async function stop(message: StopMessage): Promise<never> {
  await worker
    ?.stop({ graceful: true, timeoutMs: message.timeoutMs })
    .catch((error: unknown) => log.error({ error: describeError(error) }, "job worker did not stop cleanly"));
  process.exit(0);
}

// Asked to stop while still trying to start (the database refusing), it ends at once: nothing has
// been claimed yet.
port.on("message", (message: ToJobThread) => {
  if (message.type === "release-memory") return collect?.();
  if (worker) void stop(message);
  else process.exit(0);
});

for (let delayMs = 5_000; ; delayMs = Math.min(delayMs * 2, 60_000)) {
  try {
    worker = await startAppWorker();
    break;
  } catch (error) {
    log.error({ error: describeError(error), retryInMs: delayMs }, "job worker did not start");
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
}
port.postMessage({ type: "started" } satisfies FromJobThread);
