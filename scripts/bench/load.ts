// One measurement's load: autocannon (closed loop, N keep-alive connections), a warm-up run whose
// figures are thrown away, then the measured run; `onPhase` lets the runner sample the server's
// CPU time exactly around the measured window. An offered rate (open loop) measures on the warm-up's
// own connections instead (runOpenLoop).
import autocannon from "autocannon";

export interface LoadRequest {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** Several requests, each connection looping over them in turn (a mixed load); `url` is the first. */
  sequence?: LoadRequest[];
}

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  statuses: Record<string, number>;
  non2xx: number;
  errors: number;
  /** Answers that came within a second of their request (of `requests`; errors and timeouts never do). */
  withinSecond: number;
}

export async function runLoad(
  request: LoadRequest,
  options: {
    connections: number;
    warmupSeconds: number;
    durationSeconds: number;
    /** Offer this many requests a second over all connections, whatever the answers take. */
    overallRate?: number;
    onPhase: (phase: "measuring" | "done") => void;
  },
): Promise<LoadResult> {
  // Generous: on a loaded machine a rendered page can take seconds, and a timeout measures nothing.
  // In a sequence every request carries its own method and headers: the API key of one must not
  // reach the public routes, which refuse it.
  const requests = request.sequence?.map(({ url, method = "GET", headers = {}, body }) => ({ path: new URL(url).pathname + new URL(url).search, method, headers, body }));
  const base = requests ? { url: request.url, requests, connections: options.connections, timeout: 30 } : { ...request, connections: options.connections, timeout: 30 };
  if (options.overallRate) return runOpenLoop({ ...base, overallRate: options.overallRate }, options);
  if (options.warmupSeconds > 0) await autocannon({ ...base, duration: options.warmupSeconds });
  options.onPhase("measuring");
  let withinSecond = 0;
  const result = await autocannon({ ...base, duration: options.durationSeconds }).on("response", (_client, _status, _bytes, responseTimeMs) => {
    if (responseTimeMs <= 1000) withinSecond++;
  });
  options.onPhase("done");
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([status, stat]) => [status, stat.count]));
  return {
    requests: result.requests.total,
    seconds: result.duration,
    rps: result.requests.total / result.duration,
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max, mean: result.latency.mean },
    statuses,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    withinSecond,
  };
}

/**
 * An offered rate, whatever the answers take. The warm-up and the measured window share one run and
 * its connections: a second run would open every connection again and send each one's first request
 * in the same instant, and that step (256 requests at once, offered at four times what the server
 * answers) was the only time answers came later than a second. Measured 28 Nov: all 190 such
 * answers of one overload run were to requests of its first three seconds, while the server's own
 * clock, from each request's arrival to its answer, saw 7. Counted here: the answers to requests
 * sent after the warm-up.
 */
async function runOpenLoop(
  base: Parameters<typeof autocannon>[0],
  options: { warmupSeconds: number; durationSeconds: number; onPhase: (phase: "measuring" | "done") => void },
): Promise<LoadResult> {
  let measuringFrom = Infinity;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  const phase = setTimeout(() => {
    measuringFrom = performance.now();
    options.onPhase("measuring");
  }, options.warmupSeconds * 1000);
  const run = autocannon({ ...base, duration: options.warmupSeconds + options.durationSeconds });
  run.on("response", (_client, status, _bytes, responseTimeMs) => {
    if (performance.now() - responseTimeMs < measuringFrom) return;
    latencies.push(responseTimeMs);
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
  run.on("reqError", () => {
    if (performance.now() >= measuringFrom) errors++;
  });
  await run;
  clearTimeout(phase);
  options.onPhase("done");
  return resultOfAnswers({ latencies, statuses, errors, seconds: options.durationSeconds });
}

/** A load's figures from each answer's latency and the count of each status (`requests`: the answers, unless given). */
export function resultOfAnswers({ latencies, statuses, errors, seconds, requests = latencies.length }: { latencies: number[]; statuses: Record<string, number>; errors: number; seconds: number; requests?: number }): LoadResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const non2xx = Object.entries(statuses).reduce((n, [status, count]) => n + (status.startsWith("2") ? 0 : count), 0);
  return {
    requests,
    seconds,
    rps: requests / seconds,
    latencyMs: { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: sorted.at(-1) ?? 0, mean: sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length) },
    statuses,
    non2xx,
    errors,
    withinSecond: sorted.filter((ms) => ms <= 1000).length,
  };
}
