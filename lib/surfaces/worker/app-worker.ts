import { startMonitorPump } from "@/lib/domain/monitors/monitor-pump";
import { scheduleRollups } from "@/lib/domain/monitors/rollups";
import { describeError } from "@/lib/platform/log/describe-error";
import { log } from "@/lib/platform/log/logger";
import { startDeliveryPump } from "@/lib/domain/webhooks/delivery-pump";
import { startInProcessJobWorker, startJobWorker, type InProcessJobWorker, type JobWorker, type StartOptions } from "@/lib/platform/jobs/worker";
import { JOB_CONCURRENCY, JOB_HANDLERS } from "./handlers";

// The composition root of the job worker: the one place that names every job and what runs beside
// the queues, for every way the worker starts (the server's thread, `npm run worker`, the
// in-process worker of `next dev` and embedded PGlite). The platform's worker knows no job by
// name; it runs what it is handed here.

export interface AppWorkerOptions extends Omit<StartOptions, "handlers" | "background"> {
  /** Whether it also delivers webhooks (yes unless a test says otherwise). */
  deliveries?: boolean;
  /** How often an idle delivery pump looks for due deliveries (DELIVERY_POLL_MS by default). */
  deliveryPollMs?: number;
  /** Whether it also runs the monitors' due checks (yes unless a test says otherwise). */
  monitors?: boolean;
}

/** The app's worker: every job of the handler table, and the webhook delivery pump beside them. */
export function startAppWorker({ deliveries = true, deliveryPollMs, monitors = true, ...options }: AppWorkerOptions = {}): Promise<JobWorker> {
  return startJobWorker({
    ...options,
    handlers: JOB_HANDLERS,
    concurrency: options.concurrency ?? JOB_CONCURRENCY,
    // The table is every job there is: one of another name waiting will never run.
    complete: true,
    // Its attempts run on the app's worker pool (backgroundQuery), as they did as jobs: on PGlite
    // that is the app's own instance, the one this worker's queues use too.
    // The monitors' checks are claimed from their rows the same way, beside them.
    background: () => {
      if (monitors) scheduleRollups().catch((error: unknown) => log.warn({ error: describeError(error) }, "could not schedule the monitors' hourly rollup; the next start tries again"));
      const pumps = [deliveries ? startDeliveryPump({ pollMs: deliveryPollMs }) : null, monitors ? startMonitorPump() : null].filter((pump) => pump !== null);
      return { stop: async (ms: number) => void (await Promise.all(pumps.map((pump) => pump.stop(ms)))) };
    },
  });
}

/**
 * The app's worker inside this process, on the calling thread, once (see startInProcessJobWorker):
 * nothing is started, and nothing said, when the server has already given it a thread of its own.
 */
export function startAppWorkerInProcess(): Promise<InProcessJobWorker> {
  return startInProcessJobWorker(async () => {
    const worker = await startAppWorker();
    log.info({}, "job worker running on the server's thread");
    return worker;
  });
}
