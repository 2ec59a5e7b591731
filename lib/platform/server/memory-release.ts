import v8 from "node:v8";
import vm from "node:vm";

// A burst of requests (or a batch of jobs) grows V8's heap into new pages, and once the burst is
// over V8 keeps them: a full collection finds the garbage, but the emptied pages stay mapped for the
// next burst, and a server that then goes quiet never collects again. Measured on the production
// server after the benchmark's load: hundreds of MiB resident that no request was using. V8's
// memory-reducing collection (the one it runs itself when memory is short) collects until nothing
// more comes free and hands the empty pages back to the system.
//
// So once the server has been quiet for a moment after work that grew it, it runs that collection
// on each thread: a pause of 0.2-0.6 s on a two-core machine (the log says how long), taken while
// nothing is waiting (a request that arrives during it waits for it), instead of memory held
// until the next burst. A server that never goes quiet loses nothing; one that is quiet most of the
// time collects only after it has grown by the threshold since its last release.

export type Collect = () => void;

/**
 * The calling thread's memory-reducing collection, or null where this Node.js has none. V8 offers it
 * to scripts only behind --expose-gc; the flag is switched on just long enough to take the function
 * from a fresh context, so no module of the app sees a global `gc` (unless the operator launched
 * Node.js with --expose-gc, which is left as it was).
 */
export function memoryReducingCollection(execArgv: readonly string[] = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? ""): Collect | null {
  const exposedByOperator = [...execArgv, ...nodeOptions.split(/\s+/)].some((arg) => arg === "--expose-gc" || arg === "--expose_gc");
  try {
    v8.setFlagsFromString("--expose-gc");
    const gc: unknown = vm.runInNewContext("gc");
    if (typeof gc !== "function") return null;
    return () => gc({ type: "major", execution: "sync", flavor: "last-resort" });
  } catch {
    return null;
  } finally {
    if (!exposedByOperator) v8.setFlagsFromString("--no-expose-gc");
  }
}

export interface MemoryReleaseOptions {
  /** How long no request may be in flight before the release runs. */
  quietMs: number;
  /** How much the resident size must have grown since the last release (or the start) for a release to run. */
  growthBytes: number;
  /** Runs the collection(s): this thread's, and a word to any other thread that should do the same. */
  release: () => void;
  residentBytes?: () => number;
  /** After each release, with the resident size before and right after it. */
  onReleased?: (beforeBytes: number, afterBytes: number, tookMs: number) => void;
}

export interface MemoryRelease {
  /** A request has begun; call what it returns once it is over (more than once is harmless). */
  begin(): () => void;
  stop(): void;
}

export function createMemoryRelease({ quietMs, growthBytes, release, residentBytes = () => process.memoryUsage.rss(), onReleased }: MemoryReleaseOptions): MemoryRelease {
  let inFlight = 0;
  let timer: NodeJS.Timeout | null = null;
  let baseline = residentBytes();

  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };

  const releaseIfGrown = () => {
    timer = null;
    if (inFlight > 0) return;
    const before = residentBytes();
    if (before - baseline < growthBytes) return;
    const started = performance.now();
    release();
    const after = residentBytes();
    // What is handed back now is the floor the next growth is measured from; pages still being
    // unmapped in the background only lower it further.
    baseline = after;
    onReleased?.(before, after, performance.now() - started);
  };

  return {
    begin() {
      inFlight += 1;
      cancel();
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        inFlight -= 1;
        if (inFlight === 0) {
          timer = setTimeout(releaseIfGrown, quietMs);
          timer.unref();
        }
      };
    },
    stop: cancel,
  };
}
