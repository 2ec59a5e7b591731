// Every raw statement the job module writes itself (pg-boss writes its own). The schema is
// created by the migration 20261125171000_job_queue.
export const JOB_SCHEMA = "pgboss";

export const QUEUE_EXISTS_SQL = `SELECT 1 AS present FROM ${JOB_SCHEMA}.queue WHERE name = $1`;

// The function returns void, which Prisma cannot read back: the cast gives it a readable column.
export const CREATE_QUEUE_SQL = `SELECT ${JOB_SCHEMA}.create_queue($1, $2::json)::text AS created`;

/** A job of this name and key still waiting (created, or failed and waiting to retry). */
export const PENDING_WITH_KEY_SQL = `SELECT 1 AS present FROM ${JOB_SCHEMA}.job
  WHERE name = $1 AND singleton_key = $2 AND state IN ('created', 'retry') LIMIT 1`;
