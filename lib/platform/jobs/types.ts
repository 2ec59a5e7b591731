/** What a handler learns about the job it runs besides its data. */
export interface JobContext {
  id: string;
  name: string;
  /** 0 on the first attempt. */
  retryCount: number;
}

/**
 * Runs one job. Throwing fails this attempt (retried later, up to the job's retry limit); a
 * handler must be safe to run again for the same job, since a worker that dies mid-job leaves it
 * to be retried.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler types its own data
export type JobHandler = (data: any, job: JobContext) => Promise<void>;

export type JobHandlers = Readonly<Record<string, JobHandler>>;
