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
  if (options.overallRate) return runOpenLoop(request, requests, { ...options, overallRate: options.overallRate });
  const rate = {};
  const base = requests
    ? { url: request.url, requests, connections: options.connections, timeout: 30, ...rate }
    : { ...request, connections: options.connections, timeout: 30, ...rate };
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
  request: LoadRequest,
  requests: { path: string; method: string; headers: Record<string, string>; body?: string }[] | undefined,
  options: { connections: number; warmupSeconds: number; durationSeconds: number; overallRate: number; onPhase: (phase: "measuring" | "done") => void },
): Promise<LoadResult> {
  const base = requests
    ? { url: request.url, requests, connections: options.connections, timeout: 30, overallRate: options.overallRate }
    : { ...request, connections: options.connections, timeout: 30, overallRate: options.overallRate };
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
  const seconds = options.durationSeconds;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const non2xx = Object.entries(statuses).reduce((n, [status, count]) => n + (status.startsWith("2") ? 0 : count), 0);
  return {
    requests: latencies.length,
    seconds,
    rps: latencies.length / seconds,
    latencyMs: { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: latencies.at(-1) ?? 0, mean: latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length) },
    statuses,
    non2xx,
    errors,
    withinSecond: latencies.filter((ms) => ms <= 1000).length,
  };
}
