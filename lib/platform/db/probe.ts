import pg from "pg";
import { resolveDatabaseTarget } from "./target";

// "Can the database answer right now?", for proxy.ts (dashboard and portal pages answer a 503 page
// instead of failing one by one) and /api/health. One `SELECT 1` on a pool of its own (one
// connection, short timeouts), so a probe never waits behind the app's own busy pool; the answer is
// shared by concurrent callers. A failure is kept for PROBE_TTL_MS (an outage costs one connection
// attempt a second, not one per request); /api/health keeps a success as long. A page does not:
// a success a second old let every page rendered in that second fail with a 500 once the database
// stopped, so pages ask afresh (freshProbe), joining a probe already under way.
// Embedded PGlite lives in this process: there is nothing to lose contact with.
const PROBE_TTL_MS = 1_000;
const PROBE_TIMEOUT_MS = 2_000;

export interface DatabaseProbe {
  ok: boolean;
  latencyMs: number;
  /** What went wrong, one line; absent when ok. */
  error?: string;
  checkedAt: number;
}

interface ProbeState {
  pools: Map<string, pg.Pool>;
  last?: { url: string; probe: DatabaseProbe };
  pending?: { url: string; promise: Promise<DatabaseProbe> };
}
const state: ProbeState = ((globalThis as { __databaseProbe?: ProbeState }).__databaseProbe ??= { pools: new Map() });

function poolFor(url: string): pg.Pool {
  let pool = state.pools.get(url);
  if (!pool) {
    pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: PROBE_TIMEOUT_MS, statement_timeout: PROBE_TIMEOUT_MS, allowExitOnIdle: true });
    pool.on("error", () => {});
    state.pools.set(url, pool);
  }
  return pool;
}

async function runProbe(url: string): Promise<DatabaseProbe> {
  const started = Date.now();
  try {
    await poolFor(url).query("SELECT 1");
    return { ok: true, latencyMs: Date.now() - started, checkedAt: Date.now() };
  } catch (error) {
    const message = error instanceof Error ? error.message.split("\n")[0] || error.name : String(error);
    return { ok: false, latencyMs: Date.now() - started, error: message, checkedAt: Date.now() };
  }
}

export async function probeDatabase(now = Date.now(), options: { freshSuccess?: boolean } = {}): Promise<DatabaseProbe> {
  const target = resolveDatabaseTarget();
  if (target.kind === "pglite") return { ok: true, latencyMs: 0, checkedAt: now };
  const { url } = target;
  const last = state.last?.url === url && now - state.last.probe.checkedAt < PROBE_TTL_MS ? state.last.probe : undefined;
  if (last && !(last.ok && options.freshSuccess)) return last;
  if (state.pending?.url !== url) {
    const promise = runProbe(url).then((probe) => {
      state.last = { url, probe };
      state.pending = undefined;
      return probe;
    });
    state.pending = { url, promise };
  }
  return state.pending.promise;
}

/** For pages: a success is never reused, so the first request after the database stops already answers 503. */
export function freshProbe(): Promise<DatabaseProbe> {
  return probeDatabase(Date.now(), { freshSuccess: true });
}
