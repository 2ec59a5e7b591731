import { z } from "zod";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as status from "@/app/api/public/[workspace]/status/route";
import * as badge from "@/app/api/public/[workspace]/status/badge.svg/route";
import * as boards from "@/app/api/public/[workspace]/boards/route";
import * as boardPosts from "@/app/api/public/[workspace]/boards/[boardId]/posts/route";
import * as post from "@/app/api/public/[workspace]/posts/[postId]/route";
import * as roadmap from "@/app/api/public/[workspace]/roadmap/route";
import * as changelog from "@/app/api/public/[workspace]/changelog/route";
import * as releaseNote from "@/app/api/public/[workspace]/changelog/[id]/route";
import * as feed from "@/app/api/public/[workspace]/changelog/feed.xml/route";
import * as incidents from "@/app/api/public/[workspace]/status/incidents/route";
import * as unknownPath from "@/app/api/public/[workspace]/[...path]/route";
import { db } from "@/lib/platform/db/client";
import { generateKey } from "@/lib/domain/keys/format";
import { definePublicRoute } from "@/lib/surfaces/public-api/define-public-route";
import { invalidateWorkspace } from "@/lib/platform/cache/response-cache";
import { expectError } from "../support/endpoint-checklist";
import { seedPortal, type Portal } from "./fixtures";
import { get, getText, randomIp } from "./request";

afterEach(() => vi.restoreAllMocks());

/** Counts the SQL statements this process sends to the database (PostgreSQL or PGlite) while `run` runs. */
async function countQueries<T>(run: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const spies = [vi.spyOn(pg.Client.prototype, "query"), vi.spyOn(PGlite.prototype, "query")];
  try {
    const result = await run();
    return { result, queries: spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0) };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

const ENDPOINTS = [
  ["status", status.GET, (p: Portal) => ({ workspace: p.slug })],
  ["status/badge.svg", badge.GET, (p: Portal) => ({ workspace: p.slug })],
  ["status/incidents", incidents.GET, (p: Portal) => ({ workspace: p.slug })],
  ["boards", boards.GET, (p: Portal) => ({ workspace: p.slug })],
  ["boards/{id}/posts", boardPosts.GET, (p: Portal) => ({ workspace: p.slug, boardId: p.board.id })],
  ["posts/{id}", post.GET, (p: Portal) => ({ workspace: p.slug, postId: p.post.id })],
  ["roadmap", roadmap.GET, (p: Portal) => ({ workspace: p.slug })],
  ["changelog", changelog.GET, (p: Portal) => ({ workspace: p.slug })],
  ["changelog/{id}", releaseNote.GET, (p: Portal) => ({ workspace: p.slug, id: p.published.id })],
  ["changelog/feed.xml", feed.GET, (p: Portal) => ({ workspace: p.slug })],
] as const;

describe("conditional requests and the response cache", () => {
  it.each(ENDPOINTS)("%s: If-None-Match with the ETag gives 304, on a miss and on a hit", async (_name, handler, params) => {
    const portal = await seedPortal();
    const first = await getText(handler, "/x", params(portal));
    expect(first.status).toBe(200);
    expect(first.headers.get("x-cache")).toBe("MISS");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    const notModified = await getText(handler, "/x", params(portal), { "if-none-match": etag });
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe("");
    expect(notModified.headers.get("etag")).toBe(etag);
    expect(notModified.headers.get("x-cache")).toBe("HIT");
    expect(notModified.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
    expect(notModified.headers.get("access-control-allow-origin")).toBe("*");
    expect(notModified.headers.get("x-ratelimit-remaining")).not.toBeNull();

    // A list of tags and the strong form of the same tag match too (weak comparison).
    const listed = await getText(handler, "/x", params(portal), { "if-none-match": `"other", ${etag.slice(2)}` });
    expect(listed.status).toBe(304);
    // On a miss (cache dropped) the recomputed answer has the same ETag, so it is still 304.
    invalidateWorkspace(portal.slug);
    const recomputed = await getText(handler, "/x", params(portal), { "if-none-match": etag });
    expect(recomputed.headers.get("x-cache")).toBe("MISS");
    expect(recomputed.status).toBe(304);
    const changed = await getText(handler, "/x", params(portal), { "if-none-match": 'W/"stale"' });
    expect(changed.status).toBe(200);
    expect(changed.text).toBe(first.text);
  });

  it("a cached answer costs no database query, and keeps answering the old body until it expires", async () => {
    const portal = await seedPortal();
    const params = { workspace: portal.slug };
    const miss = await countQueries(() => get(status.GET, "/x", params));
    expect(miss.result.headers.get("x-cache")).toBe("MISS");
    expect(miss.queries).toBeGreaterThan(0);

    await db.statusComponent.update({ where: { id: portal.api.id }, data: { status: "major_outage" } });
    const hit = await countQueries(() => get(status.GET, "/x", params));
    expect(hit.queries).toBe(0);
    expect(hit.result.headers.get("x-cache")).toBe("HIT");
    expect(hit.result.json).toEqual(miss.result.json);

    // The status TTL is 10 s: 11 s later the change shows.
    const later = Date.now() + 11_000;
    vi.spyOn(Date, "now").mockReturnValue(later);
    const fresh = await get(status.GET, "/x", params);
    expect(fresh.headers.get("x-cache")).toBe("MISS");
    expect(fresh.json.data.indicator).toBe("major_outage");
  });

  it("parameters nobody reads share the cache entry; different validated queries do not", async () => {
    const portal = await seedPortal();
    const params = { workspace: portal.slug, boardId: portal.board.id };
    await get(boardPosts.GET, "/x", params, { query: { sort: "top" } });
    const busted = await countQueries(() => get(boardPosts.GET, "/x", params, { query: { sort: "top", v: String(Math.random()) } }));
    expect(busted.queries).toBe(0);
    const defaulted = await countQueries(() => get(boardPosts.GET, "/x", params));
    expect(defaulted.queries).toBe(0);
    const other = await countQueries(() => get(boardPosts.GET, "/x", params, { query: { sort: "newest" } }));
    expect(other.queries).toBeGreaterThan(0);
  });

  it("concurrent misses for the same answer share one computation", async () => {
    const portal = await seedPortal();
    const { result, queries } = await countQueries(() => Promise.all(Array.from({ length: 20 }, () => get(roadmap.GET, "/x", { workspace: portal.slug }))));
    expect(result.every((answer) => answer.status === 200)).toBe(true);
    const single = await countQueries(async () => {
      invalidateWorkspace(portal.slug);
      return get(roadmap.GET, "/x", { workspace: portal.slug });
    });
    expect(queries).toBe(single.queries);
  });
});

describe("keys, CORS and methods", () => {
  it.each(ENDPOINTS)("%s: a request carrying an API key is refused with 403 API_KEY_SCOPE", async (_name, handler, params) => {
    const portal = await seedPortal();
    const keyHeaders: Record<string, string>[] = [{ authorization: `Bearer ${await portal.tenant.key()}` }, { authorization: `Bearer ${generateKey()}` }, { "x-api-key": generateKey() }];
    for (const headers of keyHeaders) {
      const result = await get(handler, "/x", params(portal), { headers });
      expectError(result, 403, "API_KEY_SCOPE");
      expect(result.headers.get("access-control-allow-origin")).toBe("*");
    }
    // Even after the answer is cached.
    expect((await getText(handler, "/x", params(portal))).status).toBe(200);
    expectError(await get(handler, "/x", params(portal), { headers: { authorization: `Bearer ${generateKey()}` } }), 403, "API_KEY_SCOPE");
  });

  it("OPTIONS answers the CORS preflight for any origin; other methods are 405 with Allow", async () => {
    const preflight = await status.OPTIONS(
      new Request("http://localhost/api/public/acme/status", {
        method: "OPTIONS",
        headers: { origin: "https://example.org", "access-control-request-method": "GET", "access-control-request-headers": "if-none-match" },
      }),
      { params: Promise.resolve({ workspace: "acme" }) },
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
    expect(preflight.headers.get("access-control-allow-headers")).toContain("If-None-Match");
    expect(preflight.headers.get("access-control-allow-headers")).not.toMatch(/authorization/i);

    const portal = await seedPortal();
    const posted = await get(boards.POST, "/x", { workspace: portal.slug }, { body: { name: "x" } });
    expectError(posted, 405, "METHOD_NOT_ALLOWED");
    expect(posted.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("HEAD answers the headers without a body", async () => {
    const portal = await seedPortal();
    const response = await status.HEAD(new Request("http://localhost/x", { method: "HEAD", headers: { "x-client-ip": randomIp() } }), {
      params: Promise.resolve({ workspace: portal.slug }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).toBeTruthy();
    expect(await response.text()).toBe("");
  });

  it("an unknown path under a workspace is a JSON 404 with CORS", async () => {
    const result = await get(unknownPath.GET, "/api/public/acme/nope", { workspace: "acme", path: "nope" });
    expectError(result, 404, "NOT_FOUND");
    expect(result.headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("an answer with a time boundary", () => {
  const BOUNDARY_IN_MS = 4_000;
  let boundary = new Date(0);
  const operation = { id: "timeBound", summary: "A time-bound answer", response: z.strictObject({ at: z.number() }) };
  const route = definePublicRoute({ cache: "content", operation }, async () => ({ data: { at: Date.now() }, validUntil: boundary }));

  it("is cached by us and by shared caches only until the boundary, with no stale window past it", async () => {
    const portal = await seedPortal();
    boundary = new Date(Date.now() + BOUNDARY_IN_MS);
    const first = await getText(route, "/x", { workspace: portal.slug });
    expect(first.status).toBe(200);
    const [, maxAge, sharedMaxAge] = /^public, max-age=(\d+), s-maxage=(\d+)$/.exec(first.headers.get("cache-control") ?? "") ?? [];
    expect(sharedMaxAge).toBe(maxAge);
    expect(Number(maxAge)).toBeGreaterThanOrEqual(2);
    expect(Number(maxAge)).toBeLessThanOrEqual(BOUNDARY_IN_MS / 1000);

    expect((await getText(route, "/x", { workspace: portal.slug })).headers.get("x-cache")).toBe("HIT");
    vi.useFakeTimers({ now: boundary.getTime(), toFake: ["Date"] });
    try {
      const after = await getText(route, "/x", { workspace: portal.slug });
      expect(after.headers.get("x-cache")).toBe("MISS");
      expect(after.text).not.toBe(first.text);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps the full policy when the boundary lies beyond the stale window", async () => {
    const portal = await seedPortal();
    boundary = new Date(Date.now() + 3_600_000);
    const answer = await getText(route, "/y", { workspace: portal.slug });
    expect(answer.headers.get("cache-control")).toBe("public, max-age=60, s-maxage=60, stale-while-revalidate=300");
  });
});
