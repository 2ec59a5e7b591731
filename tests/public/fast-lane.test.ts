import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as status from "@/app/api/public/[workspace]/status/route";
import * as badge from "@/app/api/public/[workspace]/status/badge.svg/route";
import { generateKey } from "@/lib/domain/keys/format";
import { clearPublicCache } from "@/lib/platform/cache/response-cache";
import { serverLimits } from "@/lib/platform/server/config";
import { createFrontDoor } from "@/lib/surfaces/front-door/front-door";
import { seedPortal, type Portal } from "./fixtures";
import { holdClock } from "../support/held-clock";

// The production server's front door (lib/surfaces/front-door/front-door.ts, as server.ts runs it) in front of
// a stand-in for Next.js that runs the real route handlers: what the fast lane answers must be
// what the route answers, and anything it cannot vouch for must reach the route.

const ROUTES: [RegExp, typeof status.GET][] = [
  [/^\/api\/public\/([^/]+)\/status\/badge\.svg$/, badge.GET],
  [/^\/api\/public\/([^/]+)\/status$/, status.GET],
];

let server: http.Server;
let base = "";
let routed = 0;
let portal: Portal;

async function stubNext(request: http.IncomingMessage, response: http.ServerResponse) {
  routed++;
  const url = new URL(request.url!, `http://${request.headers.host}`);
  const match = ROUTES.map(([pattern, handler]) => [pattern.exec(url.pathname), handler] as const).find(([found]) => found);
  if (!match) return void response.writeHead(404).end();
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers.set(name, String(value));
  const answer = await match[1](new Request(url, { method: request.method, headers }), { params: Promise.resolve({ workspace: match[0]![1]! }) });
  response.writeHead(answer.status, Object.fromEntries(answer.headers));
  response.end(Buffer.from(await answer.arrayBuffer()));
}

beforeAll(async () => {
  portal = await seedPortal();
  server = createFrontDoor(stubNext, serverLimits({}));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function fetchCounting(path: string, init: RequestInit = {}) {
  const before = routed;
  const response = await fetch(`${base}${path}`, init);
  const body = Buffer.from(await response.arrayBuffer());
  return { response, body, routedToNext: routed > before };
}

const ANSWER_HEADERS = /^(access-control-|cache-control|content-type|cross-origin-resource-policy|etag|x-content-type-options|ratelimit-policy|x-ratelimit-limit)/;
const comparable = (headers: Headers) => Object.fromEntries([...headers].filter(([name]) => ANSWER_HEADERS.test(name)));

describe("the public fast lane (lib/surfaces/front-door/front-door.ts, lib/surfaces/public-api/fast-lane.ts)", () => {
  it("answers the second identical request itself, with the route's body and headers, and counts it against the IP's budget", async () => {
    clearPublicCache();
    const path = `/api/public/${portal.slug}/status`;
    const first = await fetchCounting(path);
    expect(first.routedToNext).toBe(true);
    expect(first.response.headers.get("x-cache")).toBe("MISS");

    const second = await fetchCounting(path);
    expect(second.routedToNext).toBe(false);
    expect(second.response.status).toBe(200);
    expect(second.response.headers.get("x-cache")).toBe("HIT");
    expect(second.body.equals(first.body)).toBe(true);
    expect(comparable(second.response.headers)).toEqual(comparable(first.response.headers));
    expect(second.response.headers.get("x-request-id")).toMatch(/^req_/);
    expect(second.response.headers.get("x-request-id")).not.toBe(first.response.headers.get("x-request-id"));
    expect(Number(second.response.headers.get("x-ratelimit-remaining"))).toBe(Number(first.response.headers.get("x-ratelimit-remaining")) - 1);
    expect(second.response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("answers 304 to a matching If-None-Match, HEAD without a body, and gzip when asked (a badge too)", async () => {
    clearPublicCache();
    const path = `/api/public/${portal.slug}/status`;
    const first = await fetchCounting(path);
    const etag = first.response.headers.get("etag")!;

    const revalidated = await fetchCounting(path, { headers: { "if-none-match": etag } });
    expect([revalidated.routedToNext, revalidated.response.status, revalidated.body.length]).toEqual([false, 304, 0]);

    const head = await fetchCounting(path, { method: "HEAD" });
    expect([head.routedToNext, head.response.status, head.body.length]).toEqual([false, 200, 0]);

    // fetch would decompress by itself; node:http shows the bytes as sent.
    const zipped = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      http.get(`${base}${path}`, { headers: { "accept-encoding": "gzip" } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ encoding: response.headers["content-encoding"], body: Buffer.concat(chunks) }));
      }).on("error", reject);
    });
    if (first.body.length >= 1024) {
      expect(zipped.encoding).toBe("gzip");
      expect(gunzipSync(zipped.body).equals(first.body)).toBe(true);
    } else expect(zipped.body.equals(first.body)).toBe(true);

    const badgePath = `/api/public/${portal.slug}/status/badge.svg`;
    const badgeFirst = await fetchCounting(badgePath);
    const badgeHit = await fetchCounting(badgePath);
    expect([badgeHit.routedToNext, badgeHit.response.headers.get("content-type")]).toEqual([false, badgeFirst.response.headers.get("content-type")]);
    expect(badgeHit.response.headers.get("content-security-policy")).toBe(badgeFirst.response.headers.get("content-security-policy"));
  });

  it("leaves to the route: an API key, another query string or host, an expired or cleared entry, other methods", async () => {
    clearPublicCache();
    const path = `/api/public/${portal.slug}/status`;
    await fetchCounting(path);

    const keyed = await fetchCounting(path, { headers: { authorization: `Bearer ${generateKey()}` } });
    expect([keyed.routedToNext, keyed.response.status]).toEqual([true, 403]);
    const viaHeader = await fetchCounting(path, { headers: { "x-api-key": generateKey() } });
    expect([viaHeader.routedToNext, viaHeader.response.status]).toEqual([true, 403]);

    expect((await fetchCounting(`${path}?fresh=1`)).routedToNext).toBe(true);
    expect((await fetchCounting(path, { headers: { "x-forwarded-proto": "https" } })).routedToNext).toBe(true);
    expect((await fetchCounting(path, { method: "OPTIONS" })).routedToNext).toBe(true);

    clearPublicCache();
    const afterClear = await fetchCounting(path);
    expect([afterClear.routedToNext, afterClear.response.headers.get("x-cache")]).toEqual([true, "MISS"]);
  });

  it("a request line too long to index is left to the route every time, and never kept", async () => {
    clearPublicCache();
    const path = `/api/public/${portal.slug}/status?${"q".repeat(4000)}=1`;
    expect((await fetchCounting(path)).routedToNext).toBe(true);
    const again = await fetchCounting(path);
    expect([again.routedToNext, again.response.status, again.response.headers.get("x-cache")]).toEqual([true, 200, "HIT"]);
  });

  it("a request line sent by the client is never believed: the server stamps its own", async () => {
    clearPublicCache();
    const path = `/api/public/${portal.slug}/status`;
    await fetchCounting(path);
    // Claiming the status page's line from another path changes nothing: the server replaces it.
    const forged = JSON.stringify([new URL(base).host, "", "", path]);
    const other = await fetchCounting(`/api/public/${portal.slug}/status/badge.svg`, { headers: { "x-public-request-line": forged } });
    expect(other.routedToNext).toBe(true);
    expect(other.response.headers.get("content-type")).toMatch(/svg/);
  });

  it("over the per-IP budget, the route answers 429 with its envelope", async () => {
    holdClock();
    clearPublicCache();
    const previous = process.env.PUBLIC_RATE_LIMIT_PER_MINUTE;
    process.env.PUBLIC_RATE_LIMIT_PER_MINUTE = "3";
    try {
      const path = `/api/public/${portal.slug}/status`;
      const statuses = [];
      for (let i = 0; i < 5; i++) {
        const { response, routedToNext } = await fetchCounting(path);
        statuses.push(`${response.status}${routedToNext ? " next" : " lane"}`);
      }
      expect(statuses).toEqual(["200 next", "200 lane", "200 lane", "429 next", "429 next"]);
    } finally {
      if (previous === undefined) delete process.env.PUBLIC_RATE_LIMIT_PER_MINUTE;
      else process.env.PUBLIC_RATE_LIMIT_PER_MINUTE = previous;
    }
  });
});
