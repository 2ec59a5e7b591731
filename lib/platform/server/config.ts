import type { AdmissionLimits, GateLimits } from "./admission";

// The production server's limits (server.ts), from the environment. Each falls back to its
// default when unset or not a positive whole number.
export interface ServerLimits {
  /** The whole request, headers and body, must arrive within this (REQUEST_TIMEOUT_SECONDS, 30). */
  requestTimeoutMs: number;
  /** The headers alone (HEADERS_TIMEOUT_SECONDS, 15; never more than the whole request's). */
  headersTimeoutMs: number;
  /** How long an idle kept-alive connection stays open (KEEP_ALIVE_TIMEOUT_SECONDS, 65). */
  keepAliveTimeoutMs: number;
  /** Request bodies being received at once from one client address (MAX_UPLOADS_PER_CLIENT, 8). */
  uploadsPerClient: number;
  /** Request bodies being received at once overall (MAX_UPLOADS, 128). */
  uploadsOverall: number;
  /**
   * Requests worked on at once per kind, how many may wait, for how long, and how quickly an admitted
   * request should be answered (ADMISSION_{PAGES,API,PUBLIC}_IN_FLIGHT and _QUEUE,
   * ADMISSION_QUEUE_WAIT_MS, ADMISSION_TARGET_MS).
   */
  admission: AdmissionLimits;
}

// A page render or an API call holds a database connection for most of its time, so a few more
// in flight than the pool has connections (DATABASE_POOL_SIZE, 10) keeps the pool busy without a
// line forming inside it. The wait stays well under a second: an answer within a second, even a
// refusal, is the point.
const ADMISSION_DEFAULTS = { pages: { inFlight: 12, queue: 48 }, api: { inFlight: 16, queue: 64 }, public: { inFlight: 16, queue: 64 } } as const;
const QUEUE_WAIT_MS = 250;
// Wait and answer together stay under a second: slower answers than this lower the number in flight.
const TARGET_MS = 400;

function gateLimits(env: Record<string, string | undefined>, kind: keyof typeof ADMISSION_DEFAULTS, queueWaitMs: number, targetMs: number): GateLimits {
  const name = kind.toUpperCase();
  const defaults = ADMISSION_DEFAULTS[kind];
  return {
    inFlight: Math.floor(positive(env[`ADMISSION_${name}_IN_FLIGHT`], defaults.inFlight)),
    // Zero is a valid queue: refuse at once whatever does not find a place.
    queue: Math.floor(nonNegative(env[`ADMISSION_${name}_QUEUE`], defaults.queue)),
    queueWaitMs,
    targetMs,
  };
}

function positive(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

function nonNegative(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback;
}

export function serverLimits(env: Record<string, string | undefined> = process.env): ServerLimits {
  const requestTimeoutMs = positive(env.REQUEST_TIMEOUT_SECONDS, 30) * 1000;
  return {
    requestTimeoutMs,
    headersTimeoutMs: Math.min(requestTimeoutMs, positive(env.HEADERS_TIMEOUT_SECONDS, 15) * 1000),
    keepAliveTimeoutMs: positive(env.KEEP_ALIVE_TIMEOUT_SECONDS, 65) * 1000,
    uploadsPerClient: Math.floor(positive(env.MAX_UPLOADS_PER_CLIENT, 8)),
    uploadsOverall: Math.floor(positive(env.MAX_UPLOADS, 128)),
    admission: admissionLimits(env),
  };
}

export function admissionLimits(env: Record<string, string | undefined> = process.env): AdmissionLimits {
  const queueWaitMs = Math.floor(positive(env.ADMISSION_QUEUE_WAIT_MS, QUEUE_WAIT_MS));
  const targetMs = Math.floor(positive(env.ADMISSION_TARGET_MS, TARGET_MS));
  const gate = (kind: keyof typeof ADMISSION_DEFAULTS) => gateLimits(env, kind, queueWaitMs, targetMs);
  return { pages: gate("pages"), api: gate("api"), public: gate("public") };
}

export interface MemoryReleaseSettings {
  /** Quiet (no request in flight) for this long after work that grew the process: memory is handed back (MEMORY_RELEASE_QUIET_MS, 1000; 0 turns it off). */
  quietMs: number;
  /** ...but only once the resident size has grown by this much since the last time (MEMORY_RELEASE_GROWTH_MIB, 32). */
  growthBytes: number;
}

export function memoryReleaseSettings(env: Record<string, string | undefined> = process.env): MemoryReleaseSettings {
  return {
    quietMs: Math.floor(nonNegative(env.MEMORY_RELEASE_QUIET_MS, 1000)),
    growthBytes: Math.floor(positive(env.MEMORY_RELEASE_GROWTH_MIB, 32) * 1024 * 1024),
  };
}

/** Server actions' body limit: Next's own default (serverActions.bodySizeLimit), 1 MB. */
export const ACTION_BODY_MAX_BYTES = 1024 * 1024;

/**
 * How much of a refused body is still read (and dropped) before the 413 is sent. Closing a
 * connection with unread bytes in flight makes the kernel reset it, and a client still sending
 * then never reads the answer; past this the connection is closed at once all the same.
 */
export const REFUSED_BODY_DRAIN_BYTES = 8 * 1024 * 1024;
/**
 * How deeply an action's body may nest brackets. Decoding a reply recurses once per level, and some
 * tens of thousands of levels overflow the stack (a 500); no form this app sends nests more than a
 * handful.
 */
export const ACTION_BODY_MAX_DEPTH = 1000;
