import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@/scripts/lib/free-port.mjs";
import { seedPortal, type Portal } from "../public/fixtures";
import { startProductionServer } from "../support/production-server";

// One client opens a thousand connections to the production server, asks each for a portal page
// and reads none of the answers: every answer waits in the kernel's buffers and the server's. The
// server must go on answering everyone else at once (health, the same page, the public JSON), hold
// a bounded amount for the reader it cannot write to, and hand it back once the client goes.
// Needs `npm run build` first, and is skipped without one.
const PORT = await freePort();
const BASE = `http://127.0.0.1:${PORT}`;
const built = fs.existsSync(".next/BUILD_ID");
const CONNECTIONS = 1_000;
const MAX_HELD_MIB = 200;

let server: ChildProcess;
let portal: Portal;

beforeAll(async () => {
  if (!built) return;
  portal = await seedPortal();
  server = await startProductionServer(PORT, { NEXTAUTH_URL: BASE, PUBLIC_RATE_LIMIT_PER_MINUTE: "100000000" });
});
afterAll(() => {
  server?.kill("SIGTERM");
});

const rssMiB = () => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1]) / 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function timed(path: string) {
  const started = performance.now();
  const response = await fetch(`${BASE}${path}`);
  const body = await response.text();
  return { status: response.status, bytes: body.length, ms: performance.now() - started };
}

/** A connection that asks for `path` and never reads: resolves once the request is written. */
function slowReader(path: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(PORT, "127.0.0.1", () => {
      socket.pause();
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nAccept-Encoding: identity\r\n\r\n`, () => resolve(socket));
    });
    socket.once("error", reject);
  });
}

describe.skipIf(!built)("a client with a thousand connections that reads nothing (server.ts)", () => {
  it("leaves everyone else answered at once, holds a bounded amount for it, and hands that back when it goes", async () => {
    const page = `/p/${portal.slug}/status`;
    const warm = await timed(page);
    expect(warm.status).toBe(200);
    for (let i = 0; i < 5; i++) await timed(page);
    const before = rssMiB();

    const sockets: net.Socket[] = [];
    for (let i = 0; i < CONNECTIONS; i += 100) sockets.push(...(await Promise.all(Array.from({ length: 100 }, () => slowReader(page)))));
    // Every request in, its answer written as far as the reader lets it.
    await sleep(3_000);
    const held = rssMiB() - before;

    const health = await timed("/api/health");
    const samePage = await timed(page);
    const json = await timed(`/api/public/${portal.slug}/status`);
    console.log(`${CONNECTIONS} unread answers of ${(warm.bytes / 1024).toFixed(0)} KiB: RSS +${held.toFixed(0)} MiB; health ${health.ms.toFixed(0)} ms, page ${samePage.ms.toFixed(0)} ms, JSON ${json.ms.toFixed(0)} ms`);
    expect([health.status, samePage.status, json.status]).toEqual([200, 200, 200]);
    expect(samePage.bytes).toBe(warm.bytes);
    expect(health.ms).toBeLessThan(2_000);
    expect(samePage.ms).toBeLessThan(2_000);
    expect(json.ms).toBeLessThan(2_000);
    expect(held, "memory held for the unread answers").toBeLessThan(MAX_HELD_MIB);
    expect(sockets.filter((socket) => socket.destroyed)).toHaveLength(0);

    for (const socket of sockets) socket.destroy();
    let after = rssMiB();
    for (let waited = 0; waited < 15_000 && after > before + 30; waited += 1_000) {
      await sleep(1_000);
      after = rssMiB();
    }
    expect(after - before, "memory handed back once the client went").toBeLessThan(30);
    expect((await timed("/api/health")).status).toBe(200);
  });
});
