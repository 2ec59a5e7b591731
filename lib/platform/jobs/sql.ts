import { Prisma } from "@/lib/generated/prisma/client";

// Every raw statement the job module writes itself (pg-boss writes its own). The schema is
// created by the migration 20261125171000_job_queue.
export const JOB_SCHEMA = "pgboss";

export const QUEUE_EXISTS_SQL = `SELECT 1 AS present FROM ${JOB_SCHEMA}.queue WHERE name = $1`;

// The function returns void, which Prisma cannot read back: the cast gives it a readable column.
export const CREATE_QUEUE_SQL = `SELECT ${JOB_SCHEMA}.create_queue($1, $2::json)::text AS created`;

/** A job of this name and key still waiting (created, or failed and waiting to retry). */
export const PENDING_WITH_KEY_SQL = `SELECT 1 AS present FROM ${JOB_SCHEMA}.job
  WHERE name = $1 AND singleton_key = $2 AND state IN ('created', 'retry') LIMIT 1`;

/**
 * Whether any of the events `$1` (ids) still has a job of the names `$2` waiting or running. A job
 * of `$3` (the consume step) counts only when it is for consumer `$4`.
 */
export const EVENTS_WITH_PENDING_JOBS_SQL = `SELECT 1 AS present FROM ${JOB_SCHEMA}.job
  WHERE name = ANY($2::text[]) AND state IN ('created', 'retry', 'active')
    AND data->>'eventId' = ANY($1::text[])
    AND (name <> $3 OR data->>'consumer' = $4)
  LIMIT 1`;

/**
 * Fails every waiting job whose name no handler of this build runs (`$1`: the names it runs),
 * saying why, and returns their names. Nothing would ever claim such a job: left alone, it would
 * wait forever, and with it whatever waits for it.
 */
export const FAIL_UNDEFINED_SQL = `UPDATE ${JOB_SCHEMA}.job SET state = 'failed', completed_on = now(),
    output = jsonb_build_object('message', 'No job of type "' || name || '" is defined in this build: failed, not run and not retried.')
  WHERE state IN ('created', 'retry') AND NOT (name = ANY($1::text[]))
  RETURNING name`;

/**
 * Marks a job still waiting as done, for work that got done outside the worker (a mail sent at
 * once, before its queued retry came due). A job already taken by a worker is left to it.
 */
export const COMPLETE_WAITING_SQL = `UPDATE ${JOB_SCHEMA}.job SET state = 'completed', completed_on = now()
  WHERE name = $1 AND id = $2::uuid AND state IN ('created', 'retry')`;

/**
 * The job row pg-boss's `send` would write, as a statement of its own, for a caller that must
 * write its change, its event and the job in ONE statement (a hot path whose row lock must not be
 * held across round trips). `dataSql` is a jsonb expression over `fromCte`'s rows.
 */
export function insertJobRowSql(
  name: string,
  dataSql: Prisma.Sql,
  fromCte: string,
  settings: { retryLimit: number; retryDelaySeconds: number; expireInSeconds: number; startAfter?: Date },
): Prisma.Sql {
  const startAfter = settings.startAfter ? Prisma.sql`${settings.startAfter}::timestamptz` : Prisma.sql`now()`;
  return Prisma.sql`INSERT INTO ${Prisma.raw(JOB_SCHEMA)}.job (name, data, retry_limit, retry_delay, retry_backoff, expire_in, policy, start_after)
    SELECT ${name}, ${dataSql}, ${settings.retryLimit}::int, ${settings.retryDelaySeconds}::int, true, ${settings.expireInSeconds}::int * interval '1 second', 'standard', ${startAfter}
    FROM ${Prisma.raw(fromCte)}`;
}
