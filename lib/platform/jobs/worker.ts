import PgBoss from "pg-boss";
import { batchByTurn } from "@/lib/platform/core/batch-by-turn";
import { openPglite } from "@/lib/platform/db/pglite";
import { resolveDatabaseTarget, type DatabaseTarget } from "@/lib/platform/db/target";
import { describeError } from "@/lib/platform/log/describe-error";
import { log } from "@/lib/platform/log/logger";
import { jobSettings } from "./config";
import { FAIL_UNDEFINED_SQL, JOB_SCHEMA } from "./sql";
import { startClaimLoop, type ClaimLoop } from "./claim-loop";
import type { JobHandler, JobHandlers } from "./types";

// The job worker: polls each queue of the handler table and runs its jobs, as many at once per
// queue as JOB_CONCURRENCY allows. Several workers (processes, or instances in one process) share a database safely: a job
// is claimed with SELECT ... FOR UPDATE SKIP LOCKED, so each attempt runs in one worker only.
// It knows no job by name: the composition root (lib/surfaces/worker/app-worker.ts) hands it the
// handler table and what runs beside the queues (the webhook delivery pump, which claims due
// deliveries from their own rows the same way: a delivery attempt is not a job).

export interface JobWorker {
  /**
   * graceful (the default): stop fetching, wait up to `timeoutMs` for running jobs and webhook
   * attempts to finish, then hand back the ones still running (jobs failed for retry, deliveries'
   * leases given up). Not graceful: hand them back at once.
   */
  stop(options?: { graceful?: boolean; timeoutMs?: number }): Promise<void>;
  readonly boss: PgBoss;
}

/** Something the worker runs beside its queues and stops with them. */
export interface BackgroundWork {
  /** Waits up to `timeoutMs` for what is running, then hands the rest back. */
  stop(timeoutMs: number): Promise<void>;
}

export interface StartOptions {
  /** The queues it serves, by job name. */
  handlers: JobHandlers;
  /** Jobs of a name run at once (1 for a name not listed). */
  concurrency?: Readonly<Record<string, number>>;
  target?: DatabaseTarget;
  pollIntervalSeconds?: number;
  /** How often expired jobs (a crashed worker's) are put back for retry, and old ones archived. */
  maintenanceIntervalSeconds?: number;
  /** Started once the queues run (the webhook delivery pump), stopped with them. */
  background?: () => BackgroundWork;
  /**
   * Whether `handlers` is every job this build defines, so that a waiting job of any other name
   * (queued by an earlier build, or by mistake) is failed at start with the reason, rather than
   * left waiting forever. Only a worker given the whole table may say so.
   */
  complete?: boolean;
}

// Statements without parameters may be scripts (pg-boss's locked maintenance steps), which PGlite
// runs only through exec; the last statement's rows are the answer, as with pg's simple protocol.
async function pgliteDb(dataDir: string): Promise<PgBoss.Db> {
  const pglite = await openPglite(dataDir);
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return { rows: (await pglite.query(text, values)).rows };
      const results = await pglite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

async function connection(target: DatabaseTarget): Promise<PgBoss.ConstructorOptions> {
  // On PostgreSQL, a small pool of its own, so jobs never wait for (or starve) the request pool. On
  // PGlite, the app's own instance: one process owns the folder, and the worker runs inside it.
  if (target.kind === "pglite") return { db: await pgliteDb(target.dataDir) };
  // Its commits (a job claimed, done, failed) do not wait for the disk: one lost to a database crash
  // in the moment before it is a job run again, which every handler allows.
  return { connectionString: target.url, max: Number(process.env.JOBS_POOL_SIZE) || 3, application_name: "jobs", options: "-c synchronous_commit=off" } as PgBoss.ConstructorOptions;
}

export async function startJobWorker(options: StartOptions): Promise<JobWorker> {
  const handlers = options.handlers;
  const settings = jobSettings();
  const boss = new PgBoss({
    ...(await connection(options.target ?? resolveDatabaseTarget())),
    schema: JOB_SCHEMA,
    // Its tables belong to the app's migrations (prisma/migrations/*_job_queue): a worker started
    // before `npm run db:migrate` refuses ("pg-boss is not installed") rather than create them
    // itself and make that migration fail. A pg-boss upgrade brings its schema change as a new
    // migration (PgBoss.getMigrationPlans).
    migrate: false,
    supervise: true,
    schedule: false,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
  });
  boss.on("error", (error) => log.error({ error: describeError(error) }, "job queue error"));
  await boss.start();

  if (options.complete) await failUndefinedJobs(boss, Object.keys(handlers));

  const pollMs = (options.pollIntervalSeconds ?? settings.pollIntervalSeconds) * 1000;
  const loops: QueueLoop[] = [];
  for (const [name, handle] of Object.entries(handlers)) {
    await boss.createQueue(name, { name, policy: "standard" });
    loops.push(runQueue(boss, name, handle, options.concurrency?.[name] ?? 1, pollMs));
  }
  const background = options.background?.();

  let stopping: Promise<void> | undefined;
  return {
    boss,
    stop: ({ graceful = true, timeoutMs = 20_000 } = {}) =>
      (stopping ??= (async () => {
        const ms = graceful ? timeoutMs : 0;
        await Promise.all([...loops.map((loop) => loop.stop(ms)), background?.stop(ms)]);
        await boss.stop({ graceful: false, wait: true, close: true });
      })()),
  };
}

async function failUndefinedJobs(boss: PgBoss, defined: string[]): Promise<void> {
  const { rows } = (await boss.getDb().executeSql(FAIL_UNDEFINED_SQL, [defined])) as { rows: { name: string }[] };
  const byName = new Map<string, number>();
  for (const { name } of rows) byName.set(name, (byName.get(name) ?? 0) + 1);
  for (const [name, count] of byName) log.warn({ job: name, count }, "jobs of a type this build does not define were failed");
}

/** Stops fetching, waits up to `timeoutMs` for running jobs, hands the rest back for retry. */
type QueueLoop = ClaimLoop;

type FetchedJob = PgBoss.JobWithMetadata<object>;

// One queue's loop: up to `concurrency` jobs at once, claimed in one statement as many as there
// are free places, and fetched again at once while the queue has more, so a busy queue runs at the
// speed of its jobs rather than one job per poll. Only an empty (or fully busy) queue waits. Each
// job is completed or failed on its own, so one slow job holds only its own place (the jobs that
// finish in the same turn of the event loop are recorded done by one statement).
function runQueue(boss: PgBoss, name: string, handle: JobHandler, concurrency: number, pollMs: number): QueueLoop {
  // The database may be gone at any of these steps; a job whose outcome could not be written stays
  // active until it expires and is then retried (the handlers are safe to run again). Nothing here
  // may reject unobserved: an unhandled rejection would end the whole process.
  const complete = batchByTurn(async (ids: string[]) => {
    await boss.complete(name, ids);
    return ids.map(() => undefined);
  });
  const settle = async (job: FetchedJob, error: unknown) => {
    try {
      if (error === undefined) await complete(job.id);
      else await boss.fail(name, job.id, { message: describeError(error) });
    } catch (writeError) {
      log.warn({ job: name, id: job.id, error: describeError(writeError) }, "job outcome not written; it is retried when it expires");
    }
  };
  const run = async (job: FetchedJob, held: () => boolean) => {
    let failure: unknown;
    try {
      await handle(job.data, { id: job.id, name, retryCount: job.retryCount });
    } catch (error) {
      failure = error ?? new Error("job failed");
      const last = job.retryCount >= job.retryLimit;
      log[last ? "error" : "warn"]({ job: name, id: job.id, attempt: job.retryCount + 1, error: describeError(error) }, last ? "job failed for good" : "job failed; will retry");
    }
    if (!held()) return; // handed back by a stop that did not wait for it
    await settle(job, failure);
  };
  return startClaimLoop<FetchedJob>({
    concurrency,
    pollMs,
    keyOf: (job) => job.id,
    claim: async (free) => (await boss.fetch<object>(name, { batchSize: free, includeMetadata: true })) ?? [],
    onClaimError: (error) => log.warn({ job: name, error: describeError(error) }, "could not fetch jobs; trying again"),
    run: (job, held) => run(job, held).catch((error: unknown) => log.error({ job: name, id: job.id, error: describeError(error) }, "job runner error")),
    // Failed for retry: another worker (or this one, started again) runs them.
    giveBack: (jobs) =>
      boss.fail(name, jobs.map((job) => job.id)).then(
        () => undefined,
        (error: unknown) => log.warn({ job: name, error: describeError(error) }, "could not hand back running jobs; they are retried when they expire"),
      ),
  });
}

// The server's own worker, kept on globalThis: the production server (server.ts) starts it (on a
// thread of its own, lib/surfaces/worker/worker-thread.ts, on PostgreSQL) and stops it on SIGTERM from its own
// module instance, not the one Next.js bundled, whose instrumentation hook starts one only if the
// server has not (`next dev`, embedded PGlite, whose one connection lives on the server's thread,
// or JOBS_THREAD=false).
export interface InProcessJobWorker {
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

const holder = globalThis as { __jobWorker?: Promise<InProcessJobWorker> };

export function startInProcessJobWorker(start: () => Promise<InProcessJobWorker>): Promise<InProcessJobWorker> {
  holder.__jobWorker ??= start().catch((error) => {
    holder.__jobWorker = undefined;
    throw error;
  });
  return holder.__jobWorker;
}

/** Finishes or hands back the running jobs of this process's worker, if it has one. */
export async function stopInProcessJobWorker(timeoutMs = 20_000): Promise<void> {
  const running = holder.__jobWorker;
  if (!running) return;
  holder.__jobWorker = undefined;
  await (await running).stop({ timeoutMs });
}
