import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as status from "@/app/api/public/[workspace]/status/route";
import * as health from "@/app/api/health/route";
import { clearPublicCache } from "@/lib/platform/cache/response-cache";
import { serverLimits } from "@/lib/platform/server/config";
import { createFrontDoor } from "@/lib/surfaces/front-door/front-door";
import { seedPortal, type Portal } from "../public/fixtures";

// The production server's front door (lib/surfaces/front-door/front-door.ts) saturated: a stand-in
// for Next.js whose pages and API calls hold until the test lets them go, beside the real health
// route and the real public status route (whose answer the public cache keeps). With the places and
// the queue taken, the health check and a cached public answer must come at once, further pages and
// API calls must be refused at once with 503 and Retry-After in their own shape, and when the load
// ends everything must be answered again.

let server: http.Server;
let base = "";
let portal: Portal;
const held: (() => void)[] = [];

async function stubNext(request: http.IncomingMessage, response: http.ServerResponse) {
  const url = new URL(request.url!, `http://${request.headers.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers.set(name, String(value));
  const route = url.pathname === "/api/health" ? () => health.GET() : /^\/api\/public\/[^/]+\/status$/.test(url.pathname) ? () => status.GET(new Request(url, { headers }), { params: Promise.resolve({ workspace: portal.slug }) }) : null;
  if (route) {
    const answer = await route();
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    return void response.end(Buffer.from(await answer.arrayBuffer()));
  }
  // A slow render or API call: answered when the test releases it.
  await new Promise<void>((resolve) => held.push(resolve));
  response.writeHead(200, { "Content-Type": url.pathname.startsWith("/api/") ? "application/json" : "text/html" });
  response.end(url.pathname.startsWith("/api/") ? '{"success":true}' : "<p>page</p>");
}

const LIMITS = { ADMISSION_PAGES_IN_FLIGHT: "2", ADMISSION_PAGES_QUEUE: "2", ADMISSION_API_IN_FLIGHT: "1", ADMISSION_API_QUEUE: "0", ADMISSION_QUEUE_WAIT_MS: "60000" };

beforeAll(async () => {
  portal = await seedPortal();
  server = createFrontDoor(stubNext, serverLimits(LIMITS));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const release of held.splice(0)) release();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const waitFor = async (condition: () => boolean) => {
  for (let tries = 0; !condition(); tries++) {
    if (tries > 200) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

async function timed(path: string, init: RequestInit = {}) {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, init);
  const body = await response.text();
  return { response, body, ms: performance.now() - started };
}

describe("admission control at the front door", () => {
  it("saturated: health and a cached public answer come at once, pages and the API are refused at once with 503 + Retry-After; then it recovers", async () => {
    clearPublicCache();
    const statusPath = `/api/public/${portal.slug}/status`;
    expect((await timed(statusPath)).response.headers.get("x-cache")).toBe("MISS");

    // Two pages in flight, two waiting: the pages' gate is full. One API call holds the API's.
    const pages = [1, 2, 3, 4].map((n) => fetch(`${base}/w/acme/page-${n}`).then(async (response) => ({ status: response.status, body: await response.text() })));
    const apiCall = fetch(`${base}/api/v1/posts`).then((response) => response.status);
    await waitFor(() => held.length === 3);
    const saturated = (await timed("/api/health")).body;
    expect(JSON.parse(saturated).admission).toMatchObject({
      pages: { active: 2, waiting: 2, inFlight: 2, limit: 2, queue: 2, targetMs: 400 },
      api: { active: 1, waiting: 0 },
    });

    const healthCheck = await timed("/api/health");
    expect(healthCheck.response.status).toBe(200);
    const cached = await timed(statusPath);
    expect(cached.response.status).toBe(200);
    expect(cached.response.headers.get("x-cache")).toBe("HIT");

    const page = await timed("/w/acme/one-more");
    expect(page.response.status).toBe(503);
    expect(page.response.headers.get("retry-after")).toBe("2");
    expect(page.response.headers.get("content-type")).toContain("text/html");
    expect(page.body).toContain("The server is busy right now");
    const api = await timed("/api/v1/boards");
    expect(api.response.status).toBe(503);
    expect(api.response.headers.get("retry-after")).toBe("2");
    expect(JSON.parse(api.body)).toMatchObject({ success: false, code: "SERVICE_UNAVAILABLE" });
    // Refusals take no turn: nothing queued behind them, nothing sent to Next.
    expect(held).toHaveLength(3);
    const afterShedding = JSON.parse((await timed("/api/health")).body).admission;
    expect(afterShedding.pages.shed).toBe(1);
    expect(afterShedding.api.shed).toBe(1);

    // The load ends: those waiting get their turn, in order, and new visits are answered.
    const answered = Promise.all(pages);
    let drained = false;
    void answered.then(() => (drained = true));
    while (!drained) {
      for (const release of held.splice(0)) release();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect((await answered).map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(await apiCall).toBe(200);
    const recovered = timed("/w/acme/after");
    await waitFor(() => held.length === 1);
    held.shift()!();
    expect((await recovered).response.status).toBe(200);
    expect(JSON.parse((await timed("/api/health")).body).admission.pages).toMatchObject({ active: 0, waiting: 0 });
  });

  it("a visitor who gives up while waiting leaves the queue: the place goes to the next one", async () => {
    const first = [1, 2].map((n) => fetch(`${base}/w/acme/hold-${n}`).then((response) => response.status));
    await waitFor(() => held.length === 2);
    const impatient = new AbortController();
    const gaveUp = fetch(`${base}/w/acme/impatient`, { signal: impatient.signal }).catch(() => "aborted");
    const patient = fetch(`${base}/w/acme/patient`).then((response) => response.status);
    const waitingNow = async () => JSON.parse((await timed("/api/health")).body).admission.pages.waiting as number;
    for (let tries = 0; (await waitingNow()) < 2 && tries < 200; tries++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await waitingNow()).toBe(2);
    impatient.abort();
    expect(await gaveUp).toBe("aborted");
    for (let tries = 0; (await waitingNow()) > 1 && tries < 200; tries++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await waitingNow()).toBe(1);
    held.shift()!();
    await waitFor(() => held.length === 2);
    for (const release of held.splice(0)) release();
    expect(await Promise.all(first)).toEqual([200, 200]);
    expect(await patient).toBe(200);
  });
});
