import { describe, expect, it } from "vitest";
import * as boardPosts from "@/app/api/public/[workspace]/boards/[boardId]/posts/route";
import { publicCacheStats, getCached, putCached, type CachedAnswer } from "@/lib/platform/cache/response-cache";
import { seedPortal } from "../public/fixtures";
import { get } from "../public/request";

// Crafted cursors once made a new cache entry each (any string id was accepted), and the
// cache was bounded in entries only: 2,000 anonymous requests took the server from 300 to 1,425 MiB.

const cursor = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString("base64url");

function answer(body: string, expiresAt: number): CachedAnswer {
  return { status: 200, body, contentType: "application/json", etag: 'W/"x"', headers: {}, expiresAt, validUntil: null };
}

describe("the public answer cache", () => {
  it.each([
    ["an id of 300 characters", cursor({ s: "newest", v: "2026-01-01T00:00:00.000Z", id: "a".repeat(300) })],
    ["an id with characters no id has", cursor({ s: "newest", v: "2026-01-01T00:00:00.000Z", id: "../../x y" })],
    ["an extra field", cursor({ s: "newest", v: "2026-01-01T00:00:00.000Z", id: "abc", pad: "x".repeat(200) })],
    ["not base64url", "abc.def"],
  ])("a cursor with %s is a 400 before any cache lookup, and adds no entry", async (_what, crafted) => {
    const portal = await seedPortal();
    const before = publicCacheStats().entries;
    const result = await get(boardPosts.GET, "/x", { workspace: portal.slug, boardId: portal.board.id }, { query: { sort: "newest", cursor: crafted } });
    expect(result.status).toBe(400);
    expect(result.json.details).toEqual([{ path: "cursor", message: "cursor is not valid.", code: "invalid_cursor" }]);
    expect(publicCacheStats().entries).toBe(before);
  });

  it("a cursor the API wrote still walks the list, through the cache", async () => {
    const portal = await seedPortal();
    const written = cursor({ s: "newest", v: new Date(Date.now() + 60_000).toISOString(), id: portal.post.id });
    const result = await get(boardPosts.GET, "/x", { workspace: portal.slug, boardId: portal.board.id }, { query: { sort: "newest", cursor: written } });
    expect(result.status).toBe(200);
    expect(result.json.data.map((post: { id: string }) => post.id)).toEqual([portal.post.id]);
  });

  it("holds no more than its byte budget, however many large answers are put, newest kept", () => {
    const { maxBytes } = publicCacheStats();
    expect(maxBytes).toBe(32 * 1024 * 1024);
    const body = "x".repeat(500 * 1024);
    const expiresAt = Date.now() + 60_000;
    for (let i = 0; i < 200; i++) putCached(`bulk\u0000r\u0000${i}`, answer(body, expiresAt));
    const stats = publicCacheStats();
    expect(stats.bytes).toBeLessThanOrEqual(maxBytes);
    expect(stats.entries).toBeLessThan(200);
    expect(getCached("bulk\u0000r\u0000199")?.body).toBe(body);
    expect(getCached("bulk\u0000r\u00000")).toBeUndefined();
  });

  it("drops an entry at its TTL on its own clock, not only when the wall clock is checked", async () => {
    putCached("ttl\u0000r\u0000{}", answer("short", Date.now() + 20));
    await new Promise((resolve) => setTimeout(resolve, 40));
    // `now` far in the past: only the LRU's own TTL can have dropped it.
    expect(getCached("ttl\u0000r\u0000{}", 0)).toBeUndefined();
  });
});
