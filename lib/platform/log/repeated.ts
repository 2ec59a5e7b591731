import type { Logger } from "pino";
import { log } from "./logger";

// A failure that repeats (the database down, Upstash slow) is logged once when it starts, then
// once per window with how many times it happened meanwhile, instead of once per request: during
// one database outage the server once wrote 2,153 lines and 206 stack traces in 25 seconds.
export const REPEAT_WINDOW_MS = 10_000;

interface Repeat {
  count: number;
  fields: Record<string, unknown>;
  message: string;
}

export interface RepeatedLog {
  /** Logs now if `key` has not been seen this window, else counts it for the window's summary. */
  report(key: string, fields: Record<string, unknown>, message: string): void;
}

export function createRepeatedLog(logger: Logger, level: "warn" | "error", windowMs = REPEAT_WINDOW_MS): RepeatedLog {
  const open = new Map<string, Repeat>();
  function close(key: string) {
    const repeat = open.get(key);
    open.delete(key);
    if (repeat && repeat.count > 0) {
      logger[level]({ ...repeat.fields, key, repeated: repeat.count, windowMs }, `${repeat.message} (${repeat.count} more in the last ${windowMs / 1000} s)`);
    }
  }
  return {
    report(key, fields, message) {
      const repeat = open.get(key);
      if (repeat) {
        repeat.count += 1;
        repeat.fields = fields;
        return;
      }
      logger[level]({ ...fields, key }, message);
      open.set(key, { count: 0, fields, message });
      setTimeout(() => close(key), windowMs).unref();
    },
  };
}

const holder = globalThis as { __repeatedLogs?: Record<"warn" | "error", RepeatedLog> };
const shared = (holder.__repeatedLogs ??= { warn: createRepeatedLog(log, "warn"), error: createRepeatedLog(log, "error") });

/** The process-wide repeated-error log. */
export const repeatedError = shared.error;
export const repeatedWarning = shared.warn;
