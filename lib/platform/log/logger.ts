import pino, { type DestinationStream, type Logger } from "pino";

// Structured logs: one JSON object a line on stdout, for whatever collects them. LOG_LEVEL picks
// the threshold (info by default; tests are silent unless they ask). A request's lines carry its
// `requestId`, the same id as the X-Request-Id header the client saw.
export function createLogger(destination?: DestinationStream, level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info")): Logger {
  const options = { level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime };
  return destination ? pino(options, destination) : pino(options);
}

// On globalThis, like the database client: Next bundles route handlers, pages and actions
// separately, and they should share one logger (and one set of repeat counters below).
const holder = globalThis as { __logger?: Logger };
export const log: Logger = (holder.__logger ??= createLogger());
