// The queue's settings (docs/configuration.md, the JOBS_* rows), read when used.

function wholeNumber(value: string | undefined, fallback: number, min = 0): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed >= min ? parsed : fallback;
}

function seconds(value: string | undefined, fallback: number, min: number): number {
  const parsed = Number(value);
  return value?.trim() && Number.isFinite(parsed) && parsed >= min ? parsed : fallback;
}

/** Whether this server process also runs the job worker (the default), or leaves it to `npm run worker`. */
export function jobsInProcess(env: NodeJS.ProcessEnv = process.env): boolean {
  return (env.JOBS_IN_PROCESS ?? "").trim().toLowerCase() !== "false";
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
     * handler running longer is failed the same way.
     */
    expireInSeconds: wholeNumber(env.JOBS_EXPIRE_SECONDS, 300, 5),
  };
}
