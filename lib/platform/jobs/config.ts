import { log } from "@/lib/platform/log/logger";

// The queue's settings (docs/configuration.md, the JOBS_* rows), read when used.

function wholeNumber(value: string | undefined, fallback: number, min = 0): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed >= min ? parsed : fallback;
}

function seconds(value: string | undefined, fallback: number, min: number): number {
  const parsed = Number(value);
  return value?.trim() && Number.isFinite(parsed) && parsed >= min ? parsed : fallback;
}

/**
 * The shortest JOBS_EXPIRE_SECONDS honoured. The setting is also how long a worker holds a webhook
 * delivery it claimed (lib/domain/webhooks/delivery-pump.ts), and that lease must outlast one attempt: up
 * to 15 s for the request, then its writes, which wait longer on a busy database. A shorter lease
 * runs out while the attempt still runs, and a second worker attempts the same delivery at once.
 * A mail job has the same 15 s send deadline. Twice the deadline leaves the writes room.
 */
export const MIN_EXPIRE_SECONDS = 30;

let warnedExpiry: string | undefined;

/**
 * JOBS_EXPIRE_SECONDS: a whole number, else the default; one below the minimum is raised to it and
 * said once in the log (not refused: the worker should start, with the safe value).
 */
function expireSeconds(value: string | undefined): number {
  const parsed = value?.trim() ? wholeNumber(value, 300) : 300;
  if (parsed >= MIN_EXPIRE_SECONDS) return parsed;
  if (warnedExpiry !== value) {
    warnedExpiry = value;
    log.warn(
      { setting: "JOBS_EXPIRE_SECONDS", configured: parsed, using: MIN_EXPIRE_SECONDS },
      `JOBS_EXPIRE_SECONDS=${parsed} is shorter than one webhook attempt can take; using ${MIN_EXPIRE_SECONDS}`,
    );
  }
  return MIN_EXPIRE_SECONDS;
}

/** Whether this server process also runs the job worker (the default), or leaves it to `npm run worker`. */
export function jobsInProcess(env: NodeJS.ProcessEnv = process.env): boolean {
  return (env.JOBS_IN_PROCESS ?? "").trim().toLowerCase() !== "false";
}

/**
 * JOBS_THREAD: whether the production server on PostgreSQL runs its job worker on a thread of its
 * own (the default), or, `false`, on the thread that answers requests. Its own thread keeps jobs and
 * webhook attempts from taking turns with requests, and costs the memory of a second copy of the
 * app's modules and Prisma client (docs/configuration.md).
 */
export function jobsOnOwnThread(env: NodeJS.ProcessEnv = process.env): boolean {
  return (env.JOBS_THREAD ?? "").trim().toLowerCase() !== "false";
}

export function jobSettings(env: NodeJS.ProcessEnv = process.env) {
  return {
    /** Attempts after the first. With the doubling delay below, ten retries span about 85 minutes. */
    retryLimit: wholeNumber(env.JOBS_RETRY_LIMIT, 10),
    /** Seconds before the first retry; each further retry waits twice as long. */
    retryDelaySeconds: wholeNumber(env.JOBS_RETRY_DELAY_SECONDS, 5, 1),
    /**
     * How often a worker looks for new jobs in a queue it found empty (a queue with work is read
     * again at once). pg-boss accepts no less than half a second.
     */
    pollIntervalSeconds: seconds(env.JOBS_POLL_INTERVAL_SECONDS, 0.5, 0.5),
    /**
     * A job still active after this long is taken for dead (its worker crashed) and retried; a
     * handler running longer is failed the same way. At least MIN_EXPIRE_SECONDS.
     */
    expireInSeconds: expireSeconds(env.JOBS_EXPIRE_SECONDS),
  };
}
