import { once } from "node:events";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { describeError } from "@/lib/platform/log/describe-error";
import { log } from "@/lib/platform/log/logger";
import type { FromJobThread, ToJobThread } from "./thread-main";

// The production server's job worker runs on a thread of its own, so webhook attempts, mail and
// subscriber fan-outs never take turns with requests on the thread that answers them: measured on
// two cores, deliveries run on the request thread took a fifth of the write throughput away. The
// thread is in the same process (nothing more to deploy); it opens its own database pools. What it
// costs is memory: its own copy of the app's modules and Prisma client. JOBS_THREAD=false keeps the
// worker on the server's thread instead (server.ts).
//
// A thread that ends by itself (a crash) is started again after a pause that grows while it keeps
// ending; stop() asks it to finish its running jobs and waits for it to end.

// Run from the sources (development, tests), this is lib/jobs and the thread loads thread-main.ts
// through thread-boot.mjs, which registers tsx in the thread. Compiled into the production server
// (.server/server.mjs, `npm run build`), this is .server and the thread's compiled entry,
// job-thread.mjs, sits beside it: plain JavaScript, no loader.
const HERE = import.meta.dirname;
const COMPILED = path.basename(HERE) === ".server";

// Jobs allocate little at a time: a young generation of V8's default size (three 16 MiB spaces)
// only held memory, ~30 MiB of the thread's ~65. A --max-semi-space-size given to the process wins
// over this limit: under `npm start` (scripts/lib/server-node-options.mjs) the thread's young
// generation is the server's 32 MiB, and `npm run worker` is launched with the same setting. (The
// migration bench runs its import on a thread with these limits, under the server's settings, as
// the job runs.)
export const JOB_THREAD_RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 8 };

export interface JobWorkerThread {
  /**
   * `timeoutMs`: how long the thread has to finish its running jobs; `marginMs`: how much longer
   * it has to hand the rest back before it is ended as it is.
   */
  stop(options?: { timeoutMs?: number; marginMs?: number }): Promise<void>;
  /** Asks the thread to hand back the memory its heap no longer uses (lib/platform/server/memory-release.ts). */
  releaseMemory(): void;
}

/**
 * Starts the thread (whose worker keeps trying while the database refuses). `entry` is the module
 * it runs, thread-main.ts unless a test gives another that speaks the same messages.
 */
export function startJobWorkerThread({ entry = COMPILED ? path.join(HERE, "job-thread.mjs") : path.join(HERE, "thread-main.ts") }: { entry?: string } = {}): JobWorkerThread {
  let current: Worker | null = null;
  let stopping: Promise<void> | undefined;
  let restartMs = 1_000;

  const spawn = () => {
    const thread = new Worker(COMPILED ? entry : path.join(HERE, "thread-boot.mjs"), {
      name: "job worker",
      resourceLimits: JOB_THREAD_RESOURCE_LIMITS,
      workerData: { entry: pathToFileURL(entry).href },
    });
    current = thread;
    thread.on("message", (message: FromJobThread) => {
      if (message.type !== "started") return;
      restartMs = 1_000;
      log.info({}, "job worker running on its own thread");
    });
    thread.on("error", (error) => log.error({ error: describeError(error) }, "job worker thread failed"));
    thread.on("exit", (code) => {
      current = null;
      if (stopping) return;
      log.error({ exitCode: code, retryInMs: restartMs }, "job worker thread ended; starting it again");
      setTimeout(() => stopping || spawn(), restartMs).unref();
      restartMs = Math.min(restartMs * 2, 60_000);
    });
  };
  spawn();

  return {
    releaseMemory: () => current?.postMessage({ type: "release-memory" } satisfies ToJobThread),
    stop: ({ timeoutMs = 20_000, marginMs = 5_000 } = {}) =>
      (stopping ??= (async () => {
        const thread = current;
        if (!thread) return;
        const ended = once(thread, "exit");
        thread.postMessage({ type: "stop", timeoutMs } satisfies ToJobThread);
        // Past its own deadline (and a margin for handing jobs back) the thread is ended as it is:
        // whatever it still held is retried when its lease or expiry runs out.
        const deadline = setTimeout(() => void thread.terminate(), timeoutMs + marginMs);
        await ended;
        clearTimeout(deadline);
      })()),
  };
}
