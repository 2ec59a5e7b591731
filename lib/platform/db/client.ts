import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { openPglite } from "./pglite";
import { SerialClient } from "./serial-client";
import { resolveDatabaseTarget, type DatabaseTarget } from "./target";
import { watchPool } from "./unavailable-watch";

// PGlite opens (and locks its folder) only when the first query runs, so importing this module -
// as `next build` does - never touches the data folder.
function lazyPgliteAdapter(dataDir: string): SqlDriverAdapterFactory {
  return {
    provider: "postgres",
    adapterName: "pglite",
    async connect() {
      const [{ PrismaPGlite }, pglite] = await Promise.all([
        import("pglite-prisma-adapter"),
        openPglite(dataDir),
      ]);
      return new PrismaPGlite(pglite).connect();
    },
  };
}

/**
 * The pool's time limits (docs/configuration.md, the DATABASE_*_TIMEOUT_MS rows). A statement that runs or waits on a lock
 * longer than DATABASE_STATEMENT_TIMEOUT_MS is cancelled by the server (one blocked table once
 * held every connection for 20 s and stalled every page); waiting longer than
 * DATABASE_CONNECT_TIMEOUT_MS for a connection fails as "database unavailable" (503); a
 * transaction left idle is ended after DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS.
 */
export function poolTimeouts(env: Record<string, string | undefined> = process.env) {
  const ms = (name: string, fallback: number) => {
    const value = Number(env[name]);
    return Number.isInteger(value) && value >= 0 ? value : fallback;
  };
  return {
    statement_timeout: ms("DATABASE_STATEMENT_TIMEOUT_MS", 10_000),
    connectionTimeoutMillis: ms("DATABASE_CONNECT_TIMEOUT_MS", 5_000),
    idle_in_transaction_session_timeout: ms("DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS", 30_000),
  };
}

/** Connections of a pool made from `env` (the requests' pool, unless told otherwise). */
export function poolSize(env: Record<string, string | undefined> = process.env): number {
  return Number(env.DATABASE_POOL_SIZE) || 10;
}

export function createPool(url: string, env: Record<string, string | undefined> = process.env, extra: pg.PoolConfig = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize(env),
    ...poolTimeouts(env),
    ...extra,
    // Statements Prisma sends together inside one transaction wait their turn (./serial-client.ts).
    Client: SerialClient,
    // Idle connections do not keep a script alive after its work is done.
    allowExitOnIdle: true,
  });
  // A connection that dies while idle (server restart, DROP DATABASE ... WITH (FORCE)) is dropped
  // from the pool and replaced on next use, and a statement that needs it reports its own error;
  // without a listener the event would crash the process. Quiet, as Prisma's own pool was.
  pool.on("error", () => {});
  // A page that fails for want of a connection answers 503, not 500 (lib/platform/db/unavailable-watch.ts).
  watchPool(pool);
  return pool;
}

function adapterFor(target: DatabaseTarget, pool?: pg.Pool): SqlDriverAdapterFactory {
  if (target.kind === "pglite") return lazyPgliteAdapter(target.dataDir);
  // Prisma gets a pool rather than a config, so the hot-path statements below share its
  // connections and its size limit instead of opening a second pool. $disconnect leaves an
  // external pool open, and Prisma reconnects through it.
  return new PrismaPg(pool ?? createPool(target.url));
}

export function createPrismaClient(target: DatabaseTarget = resolveDatabaseTarget(), pool?: pg.Pool) {
  // Interactive transactions get the pool's limits instead of Prisma's own (2 s to get a
  // connection, 5 s in all), which a few creates queueing on one workspace's row lock outlast on a
  // busy host: each then failed as a 500 while every statement in it was within its limits.
  const limits = poolTimeouts();
  return new PrismaClient({
    adapter: adapterFor(target, pool),
    // Never below Prisma's defaults (0 means "no limit" to PostgreSQL, "none at all" to Prisma).
    transactionOptions: { maxWait: Math.max(2_000, limits.connectionTimeoutMillis), timeout: Math.max(5_000, limits.statement_timeout) },
  });
}

export type Db = ReturnType<typeof createPrismaClient>;

const holder = globalThis as { __prisma?: Db; __pgPool?: pg.Pool | null; __backgroundPool?: pg.Pool | null };

function processWide(): { db: Db; pool: pg.Pool | null } {
  if (!holder.__prisma) {
    const target = resolveDatabaseTarget();
    holder.__pgPool = target.kind === "postgres" ? createPool(target.url) : null;
    holder.__prisma = createPrismaClient(target, holder.__pgPool ?? undefined);
  }
  return { db: holder.__prisma, pool: holder.__pgPool ?? null };
}

/** The process-wide client. Route handlers reach tenant data through lib/platform/db/scoped.ts instead. */
export const db: Db = processWide().db;

/** The connection (pool) itself is unreachable or exhausted, as opposed to the statement failing. */
export class DatabaseUnavailableError extends Error {
  readonly code = "DATABASE_UNAVAILABLE";
  constructor(cause: unknown) {
    super(`Database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "DatabaseUnavailableError";
  }
}

// SQLSTATE classes that mean "the server or connection", not "the statement": connection
// exception (08), operator intervention (57P01-57P05), too many connections (53300).
function isConnectionFailure(error: unknown): boolean {
  if (error instanceof pg.DatabaseError) return /^(08|57P0)/.test(error.code ?? "") || error.code === "53300";
  // Without SQLSTATE it came from the socket or the pool (refused, reset, timed out, terminated).
  return error instanceof Error && !(error instanceof TypeError) && !(error instanceof RangeError);
}

/**
 * One raw, parameterised statement for the request hot path (the API key lookup runs on every
 * /api/v1 request). On PostgreSQL it runs on Prisma's own pool with plain `pg`, which skips the
 * Prisma client's per-query machinery: measured at about a third of the CPU of `$queryRaw` for the
 * same statement. On PGlite it goes through Prisma. Rows come back as plain objects either way
 * (timestamps as Date, arrays as arrays). Not for tenant data: that goes through lib/platform/db/scoped.ts.
 */
export async function hotQuery<T>(text: string, values: unknown[]): Promise<T[]> {
  const { pool } = processWide();
  if (!pool) return db.$queryRawUnsafe<T[]>(text, ...values);
  try {
    return (await pool.query(text, values)).rows as T[];
  } catch (error) {
    throw isConnectionFailure(error) ? new DatabaseUnavailableError(error) : error;
  }
}

/**
 * hotQuery for the job worker's busiest statements (a webhook attempt's load and its outcome), on
 * a small pool of their own (JOBS_POOL_SIZE connections) so that deliveries do not queue behind a
 * burst of requests for the request pool's connections, nor requests behind them. On PGlite it
 * goes through Prisma, like hotQuery.
 */
export async function backgroundQuery<T>(text: string, values: unknown[]): Promise<T[]> {
  if (holder.__backgroundPool === undefined) {
    const target = resolveDatabaseTarget();
    // Its commits do not wait for the disk: what they record (an attempt's outcome) is only ever
    // lost with a database crash in the last moment before it, and then the attempt is made again,
    // which at-least-once delivery allows. The change that caused a delivery commits as usual.
    // Its statements read a few rows through an index (the due deliveries, rows by id), so they never
    // take bitmap scans: the planner would pick one for the small count of pending deliveries it
    // expects, and a bitmap scan visits every entry of the pending-deliveries index, finished
    // deliveries included until a vacuum removes them, on every claim. A plain index scan marks
    // those entries dead as it passes them, and the next claim skips them.
    const config = { options: "-c synchronous_commit=off -c enable_bitmapscan=off" };
    holder.__backgroundPool = target.kind === "postgres" ? createPool(target.url, { ...process.env, DATABASE_POOL_SIZE: String(Number(process.env.JOBS_POOL_SIZE) || 3) }, config) : null;
  }
  if (!holder.__backgroundPool) return hotQuery<T>(text, values);
  try {
    return (await holder.__backgroundPool.query(text, values)).rows as T[];
  } catch (error) {
    throw isConnectionFailure(error) ? new DatabaseUnavailableError(error) : error;
  }
}
