import http from "node:http";
import type { AddressInfo } from "node:net";

// A local HTTP server standing in for a source's API (Canny, Statuspage) in tests and the e2e
// run: it answers as the documented API does, and can be told to rate-limit (429 with
// Retry-After) or drop the connection on chosen requests, to show that an import retries,
// resumes and doubles nothing.

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export type FakeAnswer = { status: number; body: unknown; headers?: Record<string, string> };

export interface FakeServer {
  url: string;
  requests: FakeRequest[];
  /** Request numbers (1-based, counted from now on) answered 429 with Retry-After: 1. */
  rateLimit(numbers: number[]): void;
  /** Request numbers whose connection is cut without an answer. */
  drop(numbers: number[]): void;
  /** Every request from now on fails (503) until healed. */
  breakDown(): void;
  heal(): void;
  /** Every answer from now on waits this long (a slow source, so a run's progress can be watched). */
  slow(ms: number): void;
  close(): Promise<void>;
}

export async function startFakeServer(answer: (request: FakeRequest) => FakeAnswer, port = 0): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  let limited = new Set<number>();
  let dropped = new Set<number>();
  let offset = 0;
  let broken = false;
  let delay = 0;
  const server = http.createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const url = new URL(incoming.url ?? "/", "http://fake");
      let body: Record<string, unknown> = {};
      try {
        body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>) : {};
      } catch {
        body = {};
      }
      const request: FakeRequest = { method: incoming.method ?? "GET", path: url.pathname, query: url.searchParams, headers: incoming.headers, body };
      requests.push(request);
      const number = requests.length - offset;
      if (dropped.has(number)) return void incoming.socket.destroy();
      const send = (status: number, value: unknown, headers: Record<string, string> = {}) => {
        setTimeout(() => {
          response.writeHead(status, { "content-type": "application/json", ...headers });
          response.end(JSON.stringify(value));
        }, delay);
      };
      if (broken) return send(503, { error: "service unavailable" });
      if (limited.has(number)) return send(429, { error: "rate limit exceeded" }, { "retry-after": "1" });
      const result = answer(request);
      send(result.status, result.body, result.headers);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    rateLimit(numbers) {
      offset = requests.length;
      limited = new Set(numbers);
    },
    drop(numbers) {
      offset = requests.length;
      dropped = new Set(numbers);
    },
    breakDown() {
      broken = true;
    },
    heal() {
      broken = false;
    },
    slow(ms) {
      delay = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
