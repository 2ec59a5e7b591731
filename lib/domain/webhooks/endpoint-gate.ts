// How many attempts one endpoint may have in flight in this process, so that a receiver that
// hangs holds a few of the worker's places, never all of them. An endpoint that stopped answering
// (an attempt was held past SLOW_MS without an answer, or its oldest attempt in flight has been
// waiting that long while it is at its limit) is "not answering": it gets one attempt at a time, a
// probe, and its other deliveries are put off until it answers again. Kept per process: each
// worker learns it on its own.

/** Attempts in flight to one endpoint while it answers. */
export const MAX_IN_FLIGHT_PER_ENDPOINT = 8;
/** An attempt still waiting this long, while its endpoint is at its limit, marks it not answering. */
export const SLOW_MS = 2_000;
/** How long a delivery waits when its endpoint is busy but answering. */
export const BUSY_WAIT_MS = 1_000;
/** How long a delivery waits while its endpoint has just stopped answering. */
export const NOT_ANSWERING_WAIT_MS = 30_000;
/**
 * The longest wait. In between, a delivery waits as long as its endpoint has been silent: every
 * wait ends in a claim and another write, so an endpoint silent for a day with a day's deliveries
 * waiting would otherwise have all of them claimed and put off again twice a minute, taking the
 * worker from every other endpoint. They come back at once when it answers (recovered below).
 */
export const MAX_NOT_ANSWERING_WAIT_MS = 60 * 60_000;

interface EndpointState {
  /** Start times (ms) of the attempts in flight. */
  inFlight: Set<number>;
  /** Since when (ms) it has not been answering; undefined while it answers. */
  silentSince: number | undefined;
}

/** How long a delivery to an endpoint silent since `silentSince` waits at `now`. */
export function notAnsweringWaitMs(silentSince: number, now: number): number {
  return Math.min(MAX_NOT_ANSWERING_WAIT_MS, Math.max(NOT_ANSWERING_WAIT_MS, now - silentSince));
}

const endpoints = new Map<string, EndpointState>();

export type Admission =
  | {
      admitted: true;
      /** Returns whether this ended the endpoint's silence (it had been not answering, and answered). */
      done(heldWithoutAnswer: boolean): { recovered: boolean };
    }
  | { admitted: false; waitMs: number };

/**
 * Whether an attempt to `endpointId` may go now. When it may, call `done` when it ends, with
 * whether it was held without an answer (no HTTP status after SLOW_MS or more: the receiver hangs).
 * A quick refusal is not that: it holds no place, and the retry schedule deals with it.
 */
export function admitAttempt(endpointId: string, now = Date.now()): Admission {
  let state = endpoints.get(endpointId);
  if (!state) endpoints.set(endpointId, (state = { inFlight: new Set(), silentSince: undefined }));
  const limit = state.silentSince === undefined ? MAX_IN_FLIGHT_PER_ENDPOINT : 1;
  if (state.inFlight.size >= limit) {
    const oldest = Math.min(...state.inFlight);
    if (state.silentSince === undefined && now - oldest >= SLOW_MS) state.silentSince = now;
    return { admitted: false, waitMs: state.silentSince === undefined ? BUSY_WAIT_MS : notAnsweringWaitMs(state.silentSince, now) };
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
      const recovered = !heldWithoutAnswer && current.silentSince !== undefined;
      if (!heldWithoutAnswer) current.silentSince = undefined;
      else current.silentSince ??= Date.now();
      if (current.inFlight.size === 0 && current.silentSince === undefined) endpoints.delete(endpointId);
      wakeNextWaiting(endpointId);
      return { recovered };
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
