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
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
