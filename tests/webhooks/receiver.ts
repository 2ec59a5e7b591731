import http from "node:http";
import type { AddressInfo } from "node:net";

// A webhook receiver on a free local port: records what arrives, answers what the test says.

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  path: string;
  at: number;
}

export type Answer = (request: Received, response: http.ServerResponse) => void;

export async function startReceiver(answer: Answer = (_request, response) => response.end("ok")) {
  const received: Received[] = [];
  let current = answer;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const entry = { headers: request.headers, body: Buffer.concat(chunks).toString("utf8"), path: request.url ?? "/", at: Date.now() };
      received.push(entry);
      current(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}/hook`,
    received,
    answer(next: Answer) {
      current = next;
    },
    async waitFor(count: number, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`receiver got ${received.length} of ${count} requests`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received[count - 1]!;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
