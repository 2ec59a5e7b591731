import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach } from "vitest";

// Local servers that stand for monitored sites: each answers as the test says, and counts what it
// was asked. Closed after each test.

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

export type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

function track(server: http.Server | https.Server) {
  open.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
}

export async function startTarget(handler: Handler = (_request, response) => response.end("ok"), host = "127.0.0.1") {
  let current = handler;
  let hits = 0;
  const server = http.createServer((request, response) => {
    hits += 1;
    current(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  track(server);
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://${host}:${port}/health`,
    get hits() {
      return hits;
    },
    answer(next: Handler) {
      current = next;
    },
  };
}

/** A self-signed certificate for 127.0.0.1, made by openssl once per run. */
export function selfSigned(days = 30): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "monitor-tls-"));
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
    "-days", String(days), "-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem"),
  ], { stdio: "ignore" });
  return { key: readFileSync(path.join(dir, "key.pem"), "utf8"), cert: readFileSync(path.join(dir, "cert.pem"), "utf8") };
}

export async function startTlsTarget(credentials: { key: string; cert: string }) {
  const server = https.createServer(credentials, (_request, response) => response.end("secure ok"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  track(server);
  const { port } = server.address() as AddressInfo;
  return { port, url: `https://127.0.0.1:${port}/` };
}
