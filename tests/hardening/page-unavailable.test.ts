import http from "node:http";
import net, { type AddressInfo } from "node:net";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPool } from "@/lib/platform/db/client";
import { resolveDatabaseTarget } from "@/lib/platform/db/target";
import { serverLimits } from "@/lib/platform/server/config";
import { createFrontDoor } from "@/lib/surfaces/front-door/front-door";

// The front door (lib/surfaces/front-door/front-door.ts) turns a page's 500 into the 503 page only when the
// page's own database work found the database unavailable (lib/platform/db/unavailable-watch.ts,
// lib/platform/server/unavailable-answer.ts). In front of a stand-in for Next.js that queries a real pool of
// one connection, held by the test, and then answers as Next does: status first, then the head
// flushed and the body streamed. A real bug must still answer 500, and the API its own answer.

const target = resolveDatabaseTarget();
let pool: pg.Pool;
let held: pg.PoolClient;
let server: http.Server;
let base = "";
let laterWrapperEnds = 0;

/** What each stand-in page does after its query: answer 500 (failed) or 200 (it got past the failure). */
type Outcome = "throws" | "recovers" | "bug";

async function stubNext(request: http.IncomingMessage, response: http.ServerResponse) {
  const outcome = new URL(request.url!, "http://x").searchParams.get("outcome") as Outcome;
  let status = 200;
  if (outcome === "bug") status = 500;
  else {
    try {
      await pool.query("SELECT 1");
    } catch {
      status = outcome === "recovers" ? 200 : 500;
    }
  }
  // As Next's compression does: wraps the response's methods again, after the front door did.
  const end = response.end.bind(response) as (...args: unknown[]) => http.ServerResponse;
  response.end = ((...args: unknown[]) => {
    laterWrapperEnds += 1;
    return end(...args);
  }) as typeof response.end;
  response.statusCode = status;
  response.setHeader("Content-Type", "text/html; charset=utf-8");
  response.setHeader("X-Request-Id", "req_from_next");
  response.flushHeaders();
  response.write("<html>next's own page");
  response.end("</html>");
}

beforeAll(async () => {
  if (target.kind !== "postgres") return;
  pool = createPool(target.url, { DATABASE_POOL_SIZE: "1", DATABASE_CONNECT_TIMEOUT_MS: "100" });
  held = await pool.connect();
  server = createFrontDoor(stubNext, serverLimits({}));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  if (target.kind !== "postgres") return;
  held.release();
  await pool.end();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe.skipIf(target.kind !== "postgres")("a page whose database work found no connection (front door)", () => {
  it("answers the styled 503 page with Retry-After, its own nonce and Next's request id, not Next's 500", async () => {
    for (const path of ["/w/acme?outcome=throws", "/p/acme/roadmap?outcome=throws", "/?outcome=throws"]) {
      const answer = await fetch(`${base}${path}`);
      const body = await answer.text();
      expect([path, answer.status]).toEqual([path, 503]);
      expect(answer.headers.get("retry-after")).toBe("10");
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      expect(answer.headers.get("x-request-id")).toBe("req_from_next");
      const nonce = /'nonce-([^']+)'/.exec(answer.headers.get("content-security-policy") ?? "")?.[1];
      expect(body).toContain(`<style nonce="${nonce}">`);
      expect(body).toContain("<h1>Temporarily unavailable</h1>");
      expect(body).not.toContain("next's own page");
    }
  });

  it("a HEAD gets the status and headers without a body", async () => {
    const answer = await fetch(`${base}/w/acme?outcome=throws`, { method: "HEAD" });
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("10");
    expect(await answer.text()).toBe("");
  });

  it("leaves alone a 500 with no database failure behind it, a page that got past the failure, and the API", async () => {
    const bug = await fetch(`${base}/w/acme?outcome=bug`);
    expect(bug.status).toBe(500);
    expect(await bug.text()).toBe("<html>next's own page</html>");

    const recovered = await fetch(`${base}/w/acme?outcome=recovers`);
    expect(recovered.status).toBe(200);
    expect(await recovered.text()).toBe("<html>next's own page</html>");

    // The API maps the same failure to its own 503 envelope (lib/surfaces/api/to-api-error.ts): an API 500 is its own.
    const api = await fetch(`${base}/api/v1/posts?outcome=throws`);
    expect(api.status).toBe(500);
    expect(await api.text()).toBe("<html>next's own page</html>");
  });

  it("a wrapper Next puts on the response after the front door still ends it, so a Connection: close answer closes", async () => {
    const before = laterWrapperEnds;
    const closed = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(new URL(base).port), "127.0.0.1");
      let received = "";
      socket.setTimeout(5_000, () => socket.destroy());
      socket.on("data", (chunk) => (received += chunk.toString()));
      socket.on("close", () => resolve(received));
      socket.write("GET /w/acme?outcome=recovers HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    });
    expect(closed).toMatch(/^HTTP\/1.1 200 OK/);
    expect(closed).toMatch(/next's own page[\s\S]*<\/html>/);
    expect(laterWrapperEnds).toBe(before + 1);
  });

  it("the connection carries the next request after a replaced answer", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        http.get(`${base}${path}`, { agent }, (response) => {
          let body = "";
          response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk)).on("end", () => resolve({ status: response.statusCode!, body }));
        }).on("error", reject);
      });
    expect((await get("/w/acme?outcome=throws")).status).toBe(503);
    expect(await get("/w/acme?outcome=recovers")).toEqual({ status: 200, body: "<html>next's own page</html>" });
    agent.destroy();
  });
});
