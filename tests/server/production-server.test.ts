import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@/scripts/lib/free-port.mjs";
import { seedPortal, type Portal } from "../public/fixtures";
import { startProductionServer } from "../support/production-server";

// The production server (server.ts) over real HTTP, on the production build: needs `npm run build`
// first, and is skipped without one. Short deadlines and caps through the environment, so the
// slow-body cases run in seconds.
// A free port of its own: another run on this machine (a second clone testing at once) must not
// answer this file's requests.
const PORT = await freePort();
const BASE = `http://127.0.0.1:${PORT}`;
const built = fs.existsSync(".next/BUILD_ID");
const DEADLINE_SECONDS = 2;

let server: ChildProcess;
let portal: Portal;

beforeAll(async () => {
  if (!built) return;
  portal = await seedPortal();
  server = await startProductionServer(PORT, {
    NEXTAUTH_URL: BASE,
    REQUEST_TIMEOUT_SECONDS: String(DEADLINE_SECONDS),
    HEADERS_TIMEOUT_SECONDS: String(DEADLINE_SECONDS),
    MAX_UPLOADS_PER_CLIENT: "2",
    PUBLIC_RATE_LIMIT_PER_MINUTE: "100000",
  }, 90_000);
});
afterAll(() => {
  server?.kill("SIGTERM");
});

// mulberry32: the same "random" requests on every run.
function seeded(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hex = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
const TRICKY = ["%", "%Z", "%ZZ", "%E0%A4%A", "%FF", "%C0%AF", "%C0%80", "%ED%A0%80", "%F4%90%80%80", "%00", "%2F", "%2e%2e", "..", "%5C", "%25", "%u0041", "%0A"];

/** A path segment of random bytes: printable ones as they are, the rest percent-escaped, with broken escapes mixed in. */
function randomSegment(random: () => number): string {
  let segment = "";
  const length = 1 + Math.floor(random() * 12);
  for (let i = 0; i < length; i++) {
    const roll = random();
    if (roll < 0.3) segment += TRICKY[Math.floor(random() * TRICKY.length)];
    else if (roll < 0.6) segment += hex(Math.floor(random() * 256));
    else segment += "abcdefghijklmnopqrstuvwxyz0123456789-_.~"[Math.floor(random() * 40)];
  }
  return segment;
}

function routeFamilies(ws: string): string[][] {
  return [
    ["api", "v1", "posts"],
    ["api", "v1", "posts", "p1"],
    ["api", "v1", "todos", "t1"],
    ["api", "v1", "workspaces"],
    ["api", "public", ws, "status"],
    ["api", "public", ws, "posts", "p1"],
    ["api", "public", ws, "status", "badge.svg"],
    ["api", "health"],
    ["api", "mcp"],
    ["p", ws],
    ["p", ws, "posts", "p1"],
    ["p", ws, "status"],
    ["w", ws, "posts"],
    ["w", ws, "settings", "members"],
    ["sign-in"],
    ["sign-up"],
    ["forgot-password"],
    ["reset-password", "token"],
    ["docs", "api"],
  ];
}

/** Raw HTTP over a socket: `fetch` would normalise the very paths under test. */
function rawRequest(head: string, body = "", opts: { drip?: boolean } = {}): Promise<{ status: number; head: string; body: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(PORT, "127.0.0.1");
    let received = "";
    let timer: NodeJS.Timeout | undefined;
    socket.on("connect", () => {
      socket.write(head);
      if (!opts.drip) return void socket.write(body);
      let sent = 0;
      timer = setInterval(() => {
        if (sent < body.length && !socket.destroyed) socket.write(body[sent++]!);
      }, 200);
    });
    socket.on("data", (chunk) => (received += chunk.toString("latin1")));
    const done = () => {
      clearInterval(timer);
      if (!received) return reject(new Error("the connection closed without an answer"));
      const [headPart = "", bodyPart = ""] = received.split("\r\n\r\n", 2);
      resolve({ status: Number(headPart.split(" ")[1]), head: headPart, body: bodyPart, ms: Date.now() - started });
    };
    socket.on("close", done);
    // A refusal may close the connection while the body is still being written (EPIPE): the
    // answer is what matters, and "close" follows.
    socket.on("error", () => undefined);
  });
}

const get = (path: string) => rawRequest(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nConnection: close\r\n\r\n`);

describe.skipIf(!built)("the production server (server.ts)", () => {
  it("answers malformed paths 400 with the envelope under /api and a page elsewhere, with the security headers", async () => {
    for (const path of ["/api/v1/posts/%ZZ", `/api/public/${portal.slug}/posts/%E0%A4%A`]) {
      const answer = await get(path);
      expect([path, answer.status]).toEqual([path, 400]);
      expect(answer.head).toMatch(/x-content-type-options: nosniff/i);
      expect(JSON.parse(answer.body)).toMatchObject({ success: false, code: "VALIDATION_ERROR", requestId: expect.stringMatching(/^req_/) });
    }
    for (const path of ["/p/%FF", "/w/%FF/posts"]) {
      const answer = await get(path);
      expect([path, answer.status]).toEqual([path, 400]);
      expect(answer.head).toMatch(/content-type: text\/html/i);
      expect(answer.head).toMatch(/content-security-policy: .*nonce-/i);
      expect(answer.body).toContain("Bad request");
    }
  });

  it("fuzz: random bytes in every path segment of every route family never answer 500", async () => {
    const random = seeded(20261125);
    const failures: string[] = [];
    const families = routeFamilies(portal.slug);
    for (let i = 0; i < 300; i++) {
      const segments = [...families[i % families.length]!];
      segments[Math.floor(random() * segments.length)] = randomSegment(random);
      const path = `/${segments.join("/")}`;
      const answer = await get(path);
      if (!(answer.status >= 200 && answer.status < 500) || !/x-content-type-options: nosniff/i.test(answer.head)) failures.push(`${answer.status} ${path}`);
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it("a spoofed X-Forwarded-For is counted against the real address", async () => {
    const remaining = async (forwardedFor: string) =>
      Number((await fetch(`${BASE}/api/public/${portal.slug}/status`, { headers: { "x-forwarded-for": forwardedFor } })).headers.get("x-ratelimit-remaining"));
    const first = await remaining("203.0.113.1");
    expect(await remaining("203.0.113.2")).toBe(first - 1);
    expect(await remaining("198.51.100.3, 203.0.113.4")).toBe(first - 2);
  });

  // A server action's body is read in full before anything answers, so the deadline is all that stops it.
  const slowAction = (length: number) =>
    rawRequest(`POST /sign-in HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nNext-Action: 0000000000000000000000000000000000000000\r\nContent-Length: ${length}\r\n\r\n`, "x".repeat(length), { drip: true });

  it("a body sent a byte at a time is cut at the deadline with 408", async () => {
    const answer = await slowAction(200);
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, code: "REQUEST_TIMEOUT" });
    expect(answer.ms).toBeGreaterThanOrEqual(DEADLINE_SECONDS * 1000 - 200);
    expect(answer.ms).toBeLessThan(DEADLINE_SECONDS * 1000 + 2500);
  });

  it("at most MAX_UPLOADS_PER_CLIENT bodies in flight from one address: the next is answered 429", async () => {
    const inFlight = [slowAction(100), slowAction(100)];
    await new Promise((resolve) => setTimeout(resolve, 400));
    const third = await rawRequest(`POST /api/v1/posts HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n`, "{}");
    expect(third.status).toBe(429);
    expect(JSON.parse(third.body)).toMatchObject({ success: false, code: "RATE_LIMITED" });
    expect((await Promise.all(inFlight)).map((answer) => answer.status)).toEqual([408, 408]);
  });

  it("a server action's body over 1 MB, or nested 30,000 levels deep, answers 413; a small one reaches Next", async () => {
    const action = (body: string) =>
      rawRequest(
        `POST /sign-in HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nNext-Action: 0000000000000000000000000000000000000000\r\nContent-Type: text/plain;charset=UTF-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
        body,
      );
    const large = await action(JSON.stringify(["x".repeat(1024 * 1024 + 10)]));
    expect(large.status).toBe(413);
    expect(JSON.parse(large.body)).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    const deep = await action(`${"[".repeat(30_000)}${"]".repeat(30_000)}`);
    expect(deep.status).toBe(413);
    const small = await action("[]");
    expect(small.status).toBeLessThan(500);
  });
});
