import PgBoss from "pg-boss";
import { openPglite } from "@/lib/db/pglite";
import { resolveDatabaseTarget, type DatabaseTarget } from "@/lib/db/target";
import { describeError } from "@/lib/log/describe-error";
import { log } from "@/lib/log/logger";
import { jobSettings } from "./config";
import { JOB_CONCURRENCY, JOB_HANDLERS } from "./handlers";
import { JOB_SCHEMA } from "./sql";
import type { JobHandlers } from "./types";

// The job worker: polls each queue of the handler table and runs its jobs, one at a time per
// queue. Several workers (processes, or instances in one process) share a database safely: a job
// is claimed with SELECT ... FOR UPDATE SKIP LOCKED, so each attempt runs in one worker only.

export interface JobWorker {
  /**
   * graceful (the default): stop fetching, wait up to `timeoutMs` for running jobs to finish, then
   * hand back the ones still running (failed for retry). Not graceful: hand them back at once.
   */
  stop(options?: { graceful?: boolean; timeoutMs?: number }): Promise<void>;
  readonly boss: PgBoss;
}

export interface StartOptions {
  handlers?: JobHandlers;
  /** Jobs of a name run at once (JOB_CONCURRENCY by default; 1 for a name not listed). */
  concurrency?: Readonly<Record<string, number>>;
  target?: DatabaseTarget;
  pollIntervalSeconds?: number;
  /** How often expired jobs (a crashed worker's) are put back for retry, and old ones archived. */
  maintenanceIntervalSeconds?: number;
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
  return { connectionString: target.url, max: Number(process.env.JOBS_POOL_SIZE) || 3, application_name: "jobs" };
}

export async function startJobWorker(options: StartOptions = {}): Promise<JobWorker> {
  const handlers = options.handlers ?? JOB_HANDLERS;
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

  const pollingIntervalSeconds = options.pollIntervalSeconds ?? settings.pollIntervalSeconds;
  for (const [name, handle] of Object.entries(handlers)) {
    await boss.createQueue(name, { name, policy: "standard" });
    // Each work() call is its own fetch loop running one job at a time: n calls, n jobs at once.
    const copies = (options.concurrency ?? JOB_CONCURRENCY)[name] ?? 1;
    for (let copy = 0; copy < copies; copy++) {
      await boss.work<object>(name, { batchSize: 1, pollingIntervalSeconds, includeMetadata: true }, async ([job]) => {
        if (!job) return;
        try {
          await handle(job.data, { id: job.id, name, retryCount: job.retryCount });
        } catch (error) {
          const last = job.retryCount >= job.retryLimit;
          log[last ? "error" : "warn"]({ job: name, id: job.id, attempt: job.retryCount + 1, error: describeError(error) }, last ? "job failed for good" : "job failed; will retry");
          throw error;
        }
      });
    }
  }

  return {
    boss,
    stop: ({ graceful = true, timeoutMs = 20_000 } = {}) => boss.stop({ graceful, timeout: timeoutMs, wait: true, close: true }),
  };
}

// The server's own worker, kept on globalThis: the production server (server.ts) stops it on
// SIGTERM from its own module instance, not the one Next.js bundled.
const holder = globalThis as { __jobWorker?: Promise<JobWorker> };

export function startInProcessJobWorker(): Promise<JobWorker> {
  holder.__jobWorker ??= startJobWorker().catch((error) => {
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
  await (await running).stop({ graceful: true, timeoutMs });
}
