// How many attempts one endpoint may have in flight in this process, so that a receiver that
// hangs holds a few of the worker's places, never all of them. An endpoint that stopped answering
// (an attempt was held past SLOW_MS without an answer, or its oldest attempt in flight has been
// waiting that long while it is at its limit) is "not answering": it gets one attempt at a time, a probe, and its other
// deliveries wait until it answers again. Kept per process: each worker learns it on its own.

/** Attempts in flight to one endpoint while it answers. */
export const MAX_IN_FLIGHT_PER_ENDPOINT = 8;
/** An attempt still waiting this long, while its endpoint is at its limit, marks it not answering. */
export const SLOW_MS = 2_000;
/** How long a delivery waits when its endpoint is busy but answering. */
export const BUSY_WAIT_MS = 1_000;
/** How long a delivery waits while its endpoint is not answering. */
export const NOT_ANSWERING_WAIT_MS = 30_000;

interface EndpointState {
  /** Start times (ms) of the attempts in flight. */
  inFlight: Set<number>;
  notAnswering: boolean;
}

const endpoints = new Map<string, EndpointState>();

export type Admission = { admitted: true; done(heldWithoutAnswer: boolean): void } | { admitted: false; waitMs: number };

/**
 * Whether an attempt to `endpointId` may go now. When it may, call `done` when it ends, with
 * whether it was held without an answer (no HTTP status after SLOW_MS or more: the receiver hangs).
 * A quick refusal is not that: it holds no place, and the retry schedule deals with it.
 */
export function admitAttempt(endpointId: string, now = Date.now()): Admission {
  let state = endpoints.get(endpointId);
  if (!state) endpoints.set(endpointId, (state = { inFlight: new Set(), notAnswering: false }));
  const limit = state.notAnswering ? 1 : MAX_IN_FLIGHT_PER_ENDPOINT;
  if (state.inFlight.size >= limit) {
    const oldest = Math.min(...state.inFlight);
    if (now - oldest >= SLOW_MS) state.notAnswering = true;
    return { admitted: false, waitMs: state.notAnswering ? NOT_ANSWERING_WAIT_MS : BUSY_WAIT_MS };
  }
  // A start time already taken (two attempts in the same millisecond) is nudged to stay distinct.
  let started = now;
  while (state.inFlight.has(started)) started += 0.001;
  state.inFlight.add(started);
  const current = state;
  return {
    admitted: true,
    done(heldWithoutAnswer) {
      current.inFlight.delete(started);
      current.notAnswering = heldWithoutAnswer;
      if (current.inFlight.size === 0 && !current.notAnswering) endpoints.delete(endpointId);
      wakeNextWaiting(endpointId);
    },
  };
}

/** Attempts that may wait in this process for a place of one answering endpoint; more are put off at once. */
export const MAX_WAITING_PER_ENDPOINT = MAX_IN_FLIGHT_PER_ENDPOINT;

const waiting = new Map<string, (() => void)[]>();

function wakeNextWaiting(endpointId: string) {
  const queue = waiting.get(endpointId);
  const next = queue?.shift();
  if (queue?.length === 0) waiting.delete(endpointId);
  next?.();
}

/**
 * admitAttempt, but an endpoint that is answering and only has its share in flight gives this
 * attempt the next place that frees within BUSY_WAIT_MS: a burst of deliveries to one receiver
 * then goes out as fast as it answers, instead of each extra one being written off for a second
 * and claimed again. At most MAX_WAITING_PER_ENDPOINT wait for one endpoint (each holds a place
 * of the worker meanwhile); a refusal that stands (not answering, the wait used up, the queue full)
 * is answered as admitAttempt answers it.
 */
export async function admitAttemptSoon(endpointId: string, clock: () => number = Date.now): Promise<Admission> {
  const deadline = clock() + BUSY_WAIT_MS;
  for (;;) {
    const admission = admitAttempt(endpointId, clock());
    if (admission.admitted || admission.waitMs !== BUSY_WAIT_MS) return admission;
    const left = deadline - clock();
    const queue = waiting.get(endpointId) ?? [];
    if (left <= 0 || queue.length >= MAX_WAITING_PER_ENDPOINT) return admission;
    waiting.set(endpointId, queue);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        const index = queue.indexOf(wake);
        if (index >= 0) queue.splice(index, 1);
        if (queue.length === 0 && waiting.get(endpointId) === queue) waiting.delete(endpointId);
        resolve();
      }, left);
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      queue.push(wake);
    });
  }
}
