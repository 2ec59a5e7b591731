// The loop both kinds of work in the worker run on: pg-boss jobs of one queue, and webhook
// deliveries claimed from their rows. It claims as many items as it has free places in one go and
// claims again at once while a claim comes back full (there may be more waiting); it naps `pollMs`
// only after a claim that came back short, and while every place is taken it sleeps until an item
// ends. Stopping stops the claims, waits a while for the items in flight, and gives the rest back.

export interface ClaimLoopOptions<T> {
  concurrency: number;
  pollMs: number;
  /**
   * The least time between the starts of two claims (default 0). Items that end one by one would
   * otherwise each start a claim of one or two more; waiting a little gathers them into one.
   */
  minClaimIntervalMs?: number;
  /** The nap after a claim that failed (the database refused): by default `pollMs`. */
  errorNapMs?: number;
  keyOf(item: T): string;
  /** Up to `free` items, now this loop's; may throw (then `onClaimError`, and a nap). */
  claim(free: number): Promise<T[]>;
  onClaimError(error: unknown): void;
  /** Works one item; must not reject. `held()` says whether the item is still this loop's (a stop that stopped waiting gave it back). */
  run(item: T, held: () => boolean): Promise<void>;
  /** Gives items back so another worker may take them at once; must not reject. */
  giveBack(items: T[]): Promise<void>;
}

export interface ClaimLoop {
  /** Stops claiming, waits up to `timeoutMs` for the items in flight, gives the rest back. */
  stop(timeoutMs: number): Promise<void>;
}

export function startClaimLoop<T>(options: ClaimLoopOptions<T>): ClaimLoop {
  const running = new Map<string, Promise<void>>();
  const held = new Map<string, T>();
  let stopping = false;
  let wake: (() => void) | undefined;
  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => done(), ms);
      const done = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
      wake = done;
    });

  const start = (item: T) => {
    const key = options.keyOf(item);
    held.set(key, item);
    const promise = options.run(item, () => held.has(key)).finally(() => {
      running.delete(key);
      held.delete(key);
      wake?.();
    });
    running.set(key, promise);
  };

  let lastClaimAt = -Infinity;
  const loop = (async () => {
    while (!stopping) {
      const free = options.concurrency - running.size;
      if (free <= 0) {
        await nap(options.pollMs * 50); // woken when an item ends
        continue;
      }
      const tooSoon = lastClaimAt + (options.minClaimIntervalMs ?? 0) - Date.now();
      if (tooSoon > 0) {
        await nap(tooSoon);
        continue;
      }
      lastClaimAt = Date.now();
      let items: T[] = [];
      let failed = false;
      try {
        items = await options.claim(free);
      } catch (error) {
        failed = true;
        options.onClaimError(error);
      }
      if (stopping) {
        // Claimed while stopping: given straight back.
        if (items.length > 0) await options.giveBack(items);
        break;
      }
      for (const item of items) start(item);
      if (items.length < free) await nap(failed ? (options.errorNapMs ?? options.pollMs) : options.pollMs);
    }
  })();

  return {
    async stop(timeoutMs) {
      stopping = true;
      wake?.();
      await loop;
      if (running.size > 0 && timeoutMs > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([Promise.all(running.values()), new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
        clearTimeout(timer);
      }
      const left = [...held.values()];
      held.clear();
      if (left.length > 0) await options.giveBack(left);
    },
  };
}
