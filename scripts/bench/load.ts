// One measurement's load: autocannon (closed loop, N keep-alive connections), a warm-up run whose
// figures are thrown away, then the measured run; `onPhase` lets the runner sample the server's
// CPU time exactly around the measured window.
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
  const rate = options.overallRate ? { overallRate: options.overallRate } : {};
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
