import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@/scripts/lib/free-port.mjs";
import { db } from "@/lib/platform/db/client";
import { startProductionServer } from "../support/production-server";
import { seedBoard, seedTenant, type Tenant } from "../support/api";

// The REST API's reads answered by their route's handler in the front door, without Next's router
// (lib/surfaces/front-door/api-read-lane.ts): on the production build, every answer the same as
// Next's for the same request — status, type, body, the headers that matter — the bad ones included.
const built = fs.existsSync(".next/BUILD_ID");
const [LANE, NEXT] = [await freePort(), await freePort()];

let lane: ChildProcess;
let viaNext: ChildProcess;
let tenant: Tenant;
let reader: string;
let boardsOnly: string;
let postId: string;

interface Seen {
  status: number;
  type: string | null;
  encoding: string | null;
  vary: string | null;
  allow: string | null;
  limit: string | null;
  body: string;
}

async function seen(port: number, path: string, headers: Record<string, string> = {}): Promise<Seen> {
  const answer = await fetch(`http://127.0.0.1:${port}${path}`, { headers, redirect: "manual" });
  const body = (await answer.text()).replace(/req_[0-9a-f]+/g, "req_…");
  const h = answer.headers;
  return { status: answer.status, type: h.get("content-type"), encoding: h.get("content-encoding"), vary: h.get("vary"), allow: h.get("allow"), limit: h.get("x-ratelimit-limit"), body };
}

describe.skipIf(!built || !process.env.DATABASE_URL)("the REST API's read lane (production server)", () => {
  beforeAll(async () => {
    tenant = await seedTenant({ plan: "PRO" });
    const board = await seedBoard(tenant.workspace.id, { name: "Ideas" });
    const posts = await Promise.all(
      ["One", "Two", "Three"].map((title) => db.post.create({ data: { workspaceId: tenant.workspace.id, boardId: board.id, authorId: tenant.owner.id, title, body: "x".repeat(600) } })),
    );
    postId = posts[0]!.id;
    reader = await tenant.key(["posts:read", "boards:read"]);
    boardsOnly = await tenant.key(["boards:read"]);
    [lane, viaNext] = await Promise.all([
      startProductionServer(LANE, { RATE_LIMIT_PER_MINUTE: "100000" }, 90_000),
      startProductionServer(NEXT, { RATE_LIMIT_PER_MINUTE: "100000", API_READ_LANE: "off" }, 90_000),
    ]);
  });
  afterAll(() => {
    lane?.kill("SIGTERM");
    viaNext?.kill("SIGTERM");
  });

  it("answers every read as Next does, good and bad alike", async () => {
    const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
    const requests: [string, Record<string, string>][] = [
      ["/api/v1/posts?limit=2", bearer(reader)],
      ["/api/v1/posts?limit=2&sort=top", { ...bearer(reader), "accept-encoding": "gzip" }],
      [`/api/v1/posts/${postId}`, bearer(reader)],
      ["/api/v1/posts/no-such-post", bearer(reader)],
      ["/api/v1/posts?limit=abc&status=sideways", bearer(reader)],
      ["/api/v1/posts", {}],
      ["/api/v1/posts", { authorization: "Bearer not-a-key" }],
      ["/api/v1/posts", bearer(boardsOnly)],
      ["/api/v1/boards", bearer(boardsOnly)],
      ["/api/v1/posts/bulk", bearer(reader)],
      ["/api/v1/tags", bearer(reader)],
      // Not the lane's: Next answers these on both servers.
      ["/api/v1/no-such-thing", bearer(reader)],
      ["/api/v1/posts/", bearer(reader)],
      ["/api/v1/posts/a%20b", bearer(reader)],
    ];
    for (const [at, [path, headers]] of requests.entries()) {
      const mine = at < requests.length - 3;
      const [fromLane, fromNext] = await Promise.all([seen(LANE, path, headers), seen(NEXT, path, headers)]);
      // Next compresses every answer it streams; the lane compresses from 1 KiB (fetch decodes both).
      if (!mine) {
        expect(fromLane, path).toEqual(fromNext);
        continue;
      }
      const { vary: laneVary, encoding: laneEncoding, ...laneRest } = fromLane;
      const nextRest: Partial<Seen> = { ...fromNext };
      delete nextRest.vary;
      delete nextRest.encoding;
      expect(laneRest, path).toEqual(nextRest);
      const large = Buffer.byteLength(fromLane.body) >= 1024;
      expect(laneEncoding, path).toBe(large ? "gzip" : null);
      expect(/Accept-Encoding/.test(laneVary ?? ""), path).toBe(large);
    }
  });

  it("answers a list of posts itself, not through Next", async () => {
    const answer = await fetch(`http://127.0.0.1:${LANE}/api/v1/posts?limit=2`, { headers: { authorization: `Bearer ${reader}` } });
    expect(answer.status).toBe(200);
    // Next names its router's headers in Vary on every answer it writes.
    expect(answer.headers.get("vary") ?? "").not.toMatch(/rsc/);
    const through = await fetch(`http://127.0.0.1:${NEXT}/api/v1/posts?limit=2`, { headers: { authorization: `Bearer ${reader}` } });
    expect(through.headers.get("vary")).toMatch(/rsc/);
  });

  it("reads the address's own path and query whatever the Host header carries", async () => {
    const body = await new Promise<string>((resolve, reject) => {
      const request = http.request({ host: "127.0.0.1", port: LANE, path: "/api/v1/posts?limit=2", headers: { host: "example.test?limit=1#", authorization: `Bearer ${reader}` } }, (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve(text));
      });
      request.on("error", reject);
      request.end();
    });
    expect((JSON.parse(body) as { data: unknown[] }).data).toHaveLength(2);
  });
});
