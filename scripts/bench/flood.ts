// Many requests whose request lines are all different and long (a random ~15 KiB query on each),
// over keep-alive connections: what an anonymous client can make the server remember. Used by the
// bench's `long-request-lines` scenario and by tests/server/long-request-lines.test.ts, which
// watch the server's resident memory before and after.
import { randomBytes } from "node:crypto";
import http from "node:http";

export interface FloodResult {
  requests: number;
  seconds: number;
  statuses: Record<string, number>;
  errors: number;
  latencyMs: number[];
}

/** A query parameter of `bytes` random URL-safe characters, different on every call. */
export function randomQuery(bytes: number): string {
  return `x=${randomBytes(Math.ceil((bytes * 3) / 4)).toString("base64url").slice(0, bytes)}`;
}

/**
 * Sends `count` GET requests, `concurrency` at a time on as many keep-alive connections, cycling
 * through `paths` with a fresh `?x=<random>` of `lineBytes` characters on each. Bodies are read and
 * dropped.
 */
export async function floodLongLines(options: { base: string; paths: string[]; count: number; lineBytes: number; concurrency: number; headers?: Record<string, string> }): Promise<FloodResult> {
  const { hostname, port } = new URL(options.base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const statuses: Record<string, number> = {};
  const latencyMs: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();

  const one = (path: string) =>
    new Promise<void>((resolve) => {
      const sent = performance.now();
      const separator = path.includes("?") ? "&" : "?";
      const request = http.get({ hostname, port, agent, path: `${path}${separator}${randomQuery(options.lineBytes)}`, headers: options.headers }, (response) => {
        response.resume();
        response.on("end", () => {
          statuses[response.statusCode ?? 0] = (statuses[response.statusCode ?? 0] ?? 0) + 1;
          latencyMs.push(performance.now() - sent);
          resolve();
        });
        response.on("error", () => (errors++, resolve()));
      });
      request.setTimeout(60_000, () => request.destroy(new Error("timeout")));
      request.on("error", () => (errors++, resolve()));
    });

  async function worker() {
    while (next < options.count) {
      const index = next++;
      await one(options.paths[index % options.paths.length]!);
    }
  }
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  agent.destroy();
  return { requests: options.count, seconds: (performance.now() - started) / 1000, statuses, errors, latencyMs };
}
