import fs from "node:fs";
import path from "node:path";
import { log } from "@/lib/platform/log/logger";

// Admission control: at most so many requests of a kind are worked on at once, a few more wait
// their turn for a short while, and the rest are told at once to come back (503 + Retry-After).
//
// Without it an overloaded server says yes to everything: requests queue for a database
// connection until the pool's own timeout, every answer gets slow together, and a busy minute
// becomes an outage. With it the work in progress stays what the machine can finish quickly, so
// those admitted are answered fast, and those refused learn it in a millisecond rather than after
// seconds. Kinds have their own gates so a flood of page renders cannot starve the API or the
// public JSON, and what costs nothing (health checks, static files, answers from a cache) never
// enters a gate at all.

export const ADMISSION_KINDS = ["pages", "api", "public"] as const;
export type AdmissionKind = (typeof ADMISSION_KINDS)[number];

// Files served as they are, and Next's metadata files built once: nothing to render, nothing to wait for.
const BUILT_FILES = ["/icon.svg", "/apple-icon.png", "/manifest.webmanifest", "/robots.txt"];
const STATIC_FILES = new Set([...BUILT_FILES, ...publicFiles()]);

function publicFiles(): string[] {
  try {
    return fs.readdirSync(path.resolve("public")).map((name) => `/${name}`);
  } catch {
    return [];
  }
}

/**
 * The gate a request waits at, by its path, or null for what never waits: the health check (a load
 * balancer must hear from a busy server that it is alive), Next's own built files, static files.
 * Called after the public answer cache had its chance, so "public" is a render of public JSON.
 */
export function admissionKindOf(url: string): AdmissionKind | null {
  const end = url.search(/[?#]/);
  const pathname = end === -1 ? url : url.slice(0, end);
  if (pathname === "/api/health" || STATIC_FILES.has(pathname)) return null;
  if (pathname.startsWith("/_next/")) return pathname.startsWith("/_next/image") ? "pages" : null;
  if (pathname.startsWith("/api/public/")) return "public";
  if (pathname.startsWith("/api/")) return "api";
  return "pages";
}

export interface GateLimits {
  /** The most requests of the kind worked on at once; the gate works below it while answers are slow. */
  inFlight: number;
  /**
   * How long a request may take once admitted before the gate reads it as a sign of too much work
   * at once, and lowers how many it lets in (never below a floor of 2, or inFlight if smaller).
   */
  targetMs: number;
  /** Requests that may wait for a place; one more is refused at once. */
  queue: number;
  /** How long a waiting request waits before it is refused after all. */
  queueWaitMs: number;
}

export interface GateStats extends GateLimits {
  /** How many may be worked on at once now: inFlight while answers come within targetMs, fewer while they do not. */
  limit: number;
  active: number;
  waiting: number;
  /** Refused since the process started. */
  shed: number;
  lastShedAt: string | null;
}

/** The fewest requests the gate still lets in however slow answers are, so work always moves. */
const MIN_IN_FLIGHT = 2;
/** By how much a slow answer cuts the limit: a quarter at a time, at most once per targetMs. */
const DECREASE = 0.75;

interface Waiter {
  admit: () => void;
  refuse: () => void;
}

/** Called once when the request's work is over (answered, failed or abandoned); later calls do nothing. */
export type Release = () => void;

export interface Gate {
  /**
   * A place, once free (null when refused: the queue is full or the wait ran out). The wait runs
   * from `arrivedAt` (when the request reached the server), so time it already spent waiting
   * elsewhere, such as on another visitor's render of the same page, counts against it.
   */
  enter(abandoned?: AbortSignal, arrivedAt?: number): Promise<Release | null>;
  /** What is left of the wait a request that arrived at `arrivedAt` may spend (0 or less: none). */
  waitLeft(arrivedAt: number): number;
  stats(): GateStats;
}

/** How often a gate that keeps refusing says so in the log: once per period, with the count. */
const SHED_LOG_PERIOD_MS = 10_000;

// Why the limit moves: a fixed number in flight is right for only one mix of work. Renders share
// one JavaScript thread and the database's cores, so twelve cheap answers at once finish quickly
// while twelve expensive ones make each wait for all the others, and a request admitted at the
// back of that crowd answers seconds late though it never queued. The gate therefore reads how
// long its admitted work takes: while requests wait, an answer slower than the target cuts the
// limit by a quarter (once per target period, so one burst of slow answers counts once; with
// nobody waiting, a slow answer is a slow page on a machine with room), and each answer within the target
// raises it by a fraction, about one place per full round of answers, back up to inFlight. What
// the lower limit does not let in waits in the queue or is refused, quickly, as before.
export function createGate(kind: string, limits: GateLimits, now: () => number = Date.now): Gate {
  const floor = Math.min(MIN_IN_FLIGHT, limits.inFlight);
  let limit = limits.inFlight;
  let lastCutAt = -Infinity;
  let cutsUnreported = 0;
  let cutReportedAt = -Infinity;
  let active = 0;
  let shed = 0;
  let lastShedAt: number | null = null;
  let unreported = 0;
  let reportedAt = -Infinity;
  const waiting: Waiter[] = [];

  function noteShed(reason: "queue full" | "waited too long") {
    shed++;
    unreported++;
    lastShedAt = now();
    if (lastShedAt - reportedAt < SHED_LOG_PERIOD_MS) return;
    log.warn({ kind, refused: unreported, active, waiting: waiting.length, ...limits, reason }, "admission control refused requests: the server is at capacity");
    reportedAt = lastShedAt;
    unreported = 0;
  }

  function noteAnswer(tookMs: number, at: number) {
    if (tookMs <= limits.targetMs) {
      limit = Math.min(limits.inFlight, limit + 1 / limit);
      return;
    }
    // A slow answer with nobody waiting is a slow page, not a crowd: fewer places would help no one.
    if (waiting.length === 0 || at - lastCutAt < limits.targetMs) return;
    lastCutAt = at;
    limit = Math.max(floor, limit * DECREASE);
    cutsUnreported++;
    if (at - cutReportedAt < SHED_LOG_PERIOD_MS) return;
    log.warn({ kind, limit: Math.floor(limit), cuts: cutsUnreported, tookMs, ...limits }, "admission control lowered the number of requests worked on at once: answers are slower than the target");
    cutReportedAt = at;
    cutsUnreported = 0;
  }

  const hasPlace = () => active < Math.floor(limit);

  function placeTaken(): Release {
    active++;
    const admittedAt = now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      active--;
      const at = now();
      noteAnswer(at - admittedAt, at);
      // Places pass straight to the longest waiters, so a newcomer cannot overtake the queue.
      while (waiting.length > 0 && hasPlace()) waiting.shift()!.admit();
    };
  }

  const waitLeft = (arrivedAt: number) => limits.queueWaitMs - (now() - arrivedAt);

  return {
    waitLeft,
    enter(abandoned, arrivedAt = now()) {
      if (hasPlace() && waiting.length === 0) return Promise.resolve(placeTaken());
      if (waiting.length >= limits.queue) {
        noteShed("queue full");
        return Promise.resolve(null);
      }
      const left = waitLeft(arrivedAt);
      if (left <= 0) {
        noteShed("waited too long");
        return Promise.resolve(null);
      }
      return new Promise<Release | null>((resolve) => {
        const leave = () => {
          clearTimeout(timer);
          abandoned?.removeEventListener("abort", onAbandon);
          const index = waiting.indexOf(waiter);
          if (index >= 0) waiting.splice(index, 1);
        };
        const waiter: Waiter = {
          admit: () => {
            leave();
            resolve(placeTaken());
          },
          refuse: () => {
            leave();
            resolve(null);
          },
        };
        const onAbandon = () => waiter.refuse();
        const timer = setTimeout(() => {
          noteShed("waited too long");
          waiter.refuse();
        }, left);
        timer.unref?.();
        abandoned?.addEventListener("abort", onAbandon, { once: true });
        waiting.push(waiter);
      });
    },
    stats() {
      return { ...limits, limit: Math.floor(limit), active, waiting: waiting.length, shed, lastShedAt: lastShedAt === null ? null : new Date(lastShedAt).toISOString() };
    },
  };
}

export type AdmissionLimits = Record<AdmissionKind, GateLimits>;

// The process's gates, one per kind, made by the front door at start; the health report reads them.
let current: Record<AdmissionKind, Gate> | null = null;

export function createAdmission(limits: AdmissionLimits): Record<AdmissionKind, Gate> {
  current = {
    pages: createGate("pages", limits.pages),
    api: createGate("api", limits.api),
    public: createGate("public", limits.public),
  };
  return current;
}

/** Each kind's limits and what it holds now, for /api/health; null where no front door runs (tests calling routes). */
export function admissionStats(): Record<AdmissionKind, GateStats> | null {
  if (!current) return null;
  const gates = current;
  return Object.fromEntries(ADMISSION_KINDS.map((kind) => [kind, gates[kind].stats()])) as Record<AdmissionKind, GateStats>;
}
