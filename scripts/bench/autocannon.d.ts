// The part of autocannon 9's API the benchmark uses (the package ships no types).
declare module "autocannon" {
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    /** A sequence each connection loops over; `url` still gives the host. */
    requests?: { method?: string; path: string; headers?: Record<string, string>; body?: string }[];
    /** Requests per second over all connections (an offered rate rather than a closed loop). */
    overallRate?: number;
  }
  interface Histogram {
    mean: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    total: number;
    average: number;
  }
  interface Result {
    latency: Histogram;
    requests: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  /** A run: awaitable for its result, and an emitter of each answer as it comes. */
  interface Instance extends PromiseLike<Result> {
    on(event: "response", listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void): Instance;
    /** A request that failed or timed out. */
    on(event: "reqError", listener: (error: Error) => void): Instance;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
