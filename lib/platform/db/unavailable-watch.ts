import { AsyncLocalStorage } from "node:async_hooks";
import type pg from "pg";
import { isDatabaseUnavailable } from "./errors";

// Whether a piece of work (one rendered page) met the database unavailable: no connection to be had
// within DATABASE_CONNECT_TIMEOUT_MS from a busy pool, the server refusing or dropping connections,
// a statement cancelled at its timeout. The API maps such an error to 503 where it catches it
// (lib/surfaces/api/to-api-error.ts); a page cannot, as Next.js renders its error page with a 500 and never
// hands the error back. So the pool notes it here, at the moment the statement fails, on the work's
// own record, and whoever started the work (the production server's front door) reads the record
// when Next.js is about to answer 500.
//
// One storage per process on globalThis: the front door (loaded by tsx) and the pool (inside Next's
// server bundle) are two copies of this module.

export interface DatabaseWatch {
  /** Set once a statement or a connection of this work failed as "database unavailable". */
  unavailable: boolean;
}

const storage: AsyncLocalStorage<DatabaseWatch> = ((globalThis as { __databaseWatch?: AsyncLocalStorage<DatabaseWatch> }).__databaseWatch ??=
  new AsyncLocalStorage<DatabaseWatch>());

/** Runs `work` with `watch` as its record: database failures anywhere under it set `watch.unavailable`. */
export function watchDatabase<T>(watch: DatabaseWatch, work: () => T): T {
  return storage.run(watch, work);
}

function note(watch: DatabaseWatch | undefined, error: unknown): void {
  if (watch && isDatabaseUnavailable(error)) watch.unavailable = true;
}

type Callback = (error: unknown, ...rest: unknown[]) => unknown;
type Method = (...args: unknown[]) => unknown;

/**
 * `method` that notes its failures on the caller's record, in the callback form and the promise
 * form alike. The record is taken when the call is made: a callback can run in the context of the
 * socket that answered, which may be another request's.
 */
function noting(method: Method): Method {
  return (...args: unknown[]) => {
    const watch = storage.getStore();
    if (!watch) return method(...args);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === "function") {
      args[last] = (error: unknown, ...rest: unknown[]) => {
        note(watch, error);
        return (callback as Callback)(error, ...rest);
      };
      return method(...args);
    }
    const result = method(...args);
    // A submittable (a cursor, a stream) comes back as itself, not a promise.
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      note(watch, error);
      throw error;
    });
  };
}

/** Makes `pool` note its failures on the caller's record: a query's, and a connection's taken for a transaction. */
export function watchPool(pool: pg.Pool): void {
  pool.query = noting(pool.query.bind(pool) as Method) as typeof pool.query;
  pool.connect = noting(pool.connect.bind(pool) as Method) as typeof pool.connect;
}
