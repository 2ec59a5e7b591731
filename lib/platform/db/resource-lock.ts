import { db } from "./client";
import { resolveDatabaseTarget } from "./target";

// A named lock held around a piece of work that reads, decides and writes through its own
// transactions: a conditional update's "compare the version, then write" must not let a second
// writer of the same resource in between. Two layers:
// - in this process, a queue per name, so waiters hold no database connection (twenty requests
//   on one resource would otherwise each hold a pooled connection waiting, and the holder's own
//   statements could find the pool empty);
// - on PostgreSQL, a transaction-scoped advisory lock on the name, held by one connection while
//   the work runs on others, so instances sharing the database queue the same way. Embedded
//   PGlite is one process, so the queue is the whole lock there (and a held transaction would
//   stall its single connection).

const queues = new Map<string, Promise<unknown>>();

// Long enough for any write a request makes (its statements have their own timeouts); the lock
// is released when the transaction ends, and at the latest when Prisma gives up on it.
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

/** Runs `work` while no other caller of the same `name` (in any instance) runs theirs. */
export function withResourceLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (resolveDatabaseTarget().kind !== "postgres") return inProcessQueue(name, work);
  return inProcessQueue(name, () =>
    db.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`resource:${name}`}, 0))`;
        return work();
      },
      { timeout: HOLD_LIMIT_MS },
    ),
  );
}
