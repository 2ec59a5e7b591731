import PgBoss from "pg-boss";
import { transactionSql, type ScopedTx, type TransactionSql } from "@/lib/platform/db/scoped";
import { jobSettings } from "./config";
import { CREATE_QUEUE_SQL, JOB_SCHEMA, PENDING_WITH_KEY_SQL, QUEUE_EXISTS_SQL } from "./sql";

// Putting a job on the queue. The job row is written through the caller's transaction, so it
// exists exactly when the change that asked for it committed: no job for a change that rolled
// back, no change without its job.

export interface EnqueueOptions {
  /** Not before this time (a boundary: a maintenance window's start, a scheduled publication). */
  startAfter?: Date;
  /** At most one waiting job of this name per key: a second enqueue while one waits is skipped. */
  singletonKey?: string;
  /** Overrides of the defaults in lib/platform/jobs/config.ts (tests use short ones). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
}

// A pg-boss instance that is never started: only its `send`, which writes the job row through the
// connection handed to each call (the transaction's), with pg-boss's own SQL and defaults.
let sender: PgBoss | undefined;
function jobSender(): PgBoss {
  sender ??= new PgBoss({
    schema: JOB_SCHEMA,
    db: { executeSql: () => Promise.reject(new Error("jobs are sent through a transaction's connection")) },
  });
  return sender;
}

// Queues this process has seen committed. A queue is created on first use (inside the caller's
// transaction, so it too commits with the change); the worker also creates every queue it serves.
const knownQueues = new Set<string>();

/** Creates the queue for `name` if it is missing, through `sql`. */
export async function ensureQueue(sql: TransactionSql, name: string): Promise<void> {
  if (knownQueues.has(name)) return;
  const { rows } = await sql.executeSql(QUEUE_EXISTS_SQL, [name]);
  if (rows.length > 0) {
    knownQueues.add(name);
    return;
  }
  await sql.executeSql(CREATE_QUEUE_SQL, [name, { policy: "standard" }]);
}

/**
 * Enqueues job `name` (a key of lib/surfaces/worker/handlers.ts) with `data` (plain JSON) inside `tx`, the
 * transaction of the change. Returns the job's id, or null when `singletonKey` found one waiting.
 */
export async function enqueueJob(
  tx: ScopedTx | Parameters<typeof transactionSql>[0],
  name: string,
  data: object,
  options: EnqueueOptions = {},
): Promise<string | null> {
  const sql = transactionSql(tx);
  await ensureQueue(sql, name);
  if (options.singletonKey) {
    const { rows } = await sql.executeSql(PENDING_WITH_KEY_SQL, [name, options.singletonKey]);
    if (rows.length > 0) return null;
  }
  const defaults = jobSettings();
  return jobSender().send(name, data, {
    db: sql as PgBoss.Db,
    startAfter: options.startAfter,
    singletonKey: options.singletonKey,
    retryLimit: options.retryLimit ?? defaults.retryLimit,
    retryDelay: options.retryDelaySeconds ?? defaults.retryDelaySeconds,
    retryBackoff: options.retryBackoff ?? true,
    expireInSeconds: options.expireInSeconds ?? defaults.expireInSeconds,
  });
}
