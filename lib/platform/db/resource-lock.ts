import { db, poolSize } from "./client";
import { resolveDatabaseTarget } from "./target";

// A named lock held around a piece of work that reads, decides and writes through its own
// transactions: a conditional update's "compare the version, then write" must not let a second
// writer of the same resource in between. Two layers:
// - in this process, a queue per name, so waiters hold no database connection (twenty requests
//   on one resource would otherwise each hold a pooled connection waiting, and the holder's own
//   statements could find the pool empty);
// - on PostgreSQL, a transaction-scoped advisory lock on the name, held by one connection while
//   the work runs on others, so instances sharing the database queue the same way. At most half
//   the pool's connections hold locks at once (more conditional writes wait their turn without a
//   connection): were every connection holding a lock, the work under those locks would find
//   none left and each request would fail waiting. Embedded PGlite is one process, so the queue
//   is the whole lock there (and a held transaction would stall its single connection).

const queues = new Map<string, Promise<unknown>>();

// Long enough for any write a request makes (its statements have their own timeouts); the lock
// is released when the transaction ends. The holding session sits idle in its transaction while
// the work runs, so PostgreSQL ends it after DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS (30 s): work
// that slow answers an error even though its own transactions committed.
const HOLD_LIMIT_MS = 120_000;

async function inProcessQueue<T>(name: string, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(name) ?? Promise.resolve();
  const turn = previous.then(work, work);
  const tail = turn.catch(() => undefined);
  queues.set(name, tail);
  try {
    return await turn;
  } finally {
    // The last in line clears its entry, so the map holds only names with someone waiting.
    if (queues.get(name) === tail) queues.delete(name);
  }
}

// Callers waiting for a connection to hold their lock on, first come first served.
const waiting: (() => void)[] = [];
let holding = 0;

async function withHolderSlot<T>(work: () => Promise<T>): Promise<T> {
  if (holding >= Math.max(1, Math.floor(poolSize() / 2))) await new Promise<void>((resolve) => waiting.push(resolve));
  else holding++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is given back.
    const next = waiting.shift();
    if (next) next();
    else holding--;
  }
}

/** Runs `work` while no other caller of the same `name` (in any instance) runs theirs. */
export function withResourceLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (resolveDatabaseTarget().kind !== "postgres") return inProcessQueue(name, work);
  return inProcessQueue(name, () =>
    withHolderSlot(() =>
      db.$transaction(
        async (tx) => {
          await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`resource:${name}`}, 0))`;
          return work();
        },
        { timeout: HOLD_LIMIT_MS },
      ),
    ),
  );
}
