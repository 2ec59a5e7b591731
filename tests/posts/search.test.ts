import { describe, expect, it } from "vitest";
import * as collection from "@/app/api/v1/posts/route";
import { db } from "@/lib/platform/db/client";
import { scopedDb } from "@/lib/platform/db/scoped";
import { countPostsByStatus } from "@/lib/domain/posts/count-posts-by-status";
import { SEARCH_HITS_CAP, searchTsQuery } from "@/lib/domain/posts/search";
import { call, seedBoard, seedTenant } from "../support/api";
import { expectEachExactlyOnce, walkAllPages } from "../support/pagination";

async function searchable(posts: { title: string; body?: string; voteCount?: number }[]) {
  const tenant = await seedTenant();
  const board = await seedBoard(tenant.workspace.id);
  const base = Date.now() - 3_600_000;
  const rows = [];
  for (const [i, post] of posts.entries()) {
    rows.push(await db.post.create({ data: { workspaceId: tenant.workspace.id, boardId: board.id, createdAt: new Date(base + i * 1000), ...post } }));
  }
  const key = await tenant.key();
  const search = async (q: string, query: Record<string, string> = {}) => {
    const result = await call(collection.GET, "GET", "/api/v1/posts", { key, query: { q, ...query } });
    expect(result.status).toBe(200);
    return result.json.data.map((p: { title: string }) => p.title);
  };
  return { tenant, rows, key, search };
}

describe("post search (q)", () => {
  it("every word must occur, in any order and case, anywhere in title or body", async () => {
    const { search } = await searchable([
      { title: "Dark mode for the dashboard" },
      { title: "Dashboard is slow", body: "Loading takes ages in DARK rooms" },
      { title: "Export to CSV" },
    ]);
    expect(await search("dark")).toEqual(["Dashboard is slow", "Dark mode for the dashboard"]);
    expect(await search("DASHBOARD dark")).toEqual(["Dashboard is slow", "Dark mode for the dashboard"]);
    expect(await search("dark mode")).toEqual(["Dark mode for the dashboard"]);
    expect(await search("csv export")).toEqual(["Export to CSV"]);
  });

  it("matches the body as well as the title", async () => {
    const { search } = await searchable([{ title: "Idea", body: "Please add webhooks for new comments" }, { title: "Other" }]);
    expect(await search("webhooks")).toEqual(["Idea"]);
    expect(await search("comments webhooks")).toEqual(["Idea"]);
  });

  it("the last word is a prefix, the others are whole words", async () => {
    const { search } = await searchable([{ title: "Dark mode" }, { title: "Darker theme" }, { title: "Mobile app" }]);
    expect(await search("dar")).toEqual(["Darker theme", "Dark mode"]);
    expect(await search("dark mo")).toEqual(["Dark mode"]);
    expect(await search("dar mode")).toEqual([]);
  });

  it("punctuation separates words and never breaks the query", async () => {
    const { search } = await searchable([{ title: "snake_case keys" }, { title: "Save 50% on exports" }, { title: "it's 'quoted' & | ! :*" }]);
    expect(await search("snake_case")).toEqual(["snake_case keys"]);
    expect(await search("50%")).toEqual(["Save 50% on exports"]);
    expect(await search("it's quoted")).toEqual(["it's 'quoted' & | ! :*"]);
    expect(await search("\\ & ! :*")).toEqual([]);
    expect(await search("(')")).toEqual([]);
  });

  it("no match is an empty page", async () => {
    const { key } = await searchable([{ title: "Dark mode" }]);
    const result = await call(collection.GET, "GET", "/api/v1/posts", { key, query: { q: "nothingmatches" } });
    expect(result.json).toEqual({ success: true, data: [], pagination: { nextCursor: null, hasMore: false } });
  });

  it("keyset pages of a search return every match exactly once, in every sort", async () => {
    const posts = Array.from({ length: 23 }, (_, i) => ({ title: i % 3 === 0 ? `Other ${i}` : `Roadmap idea ${i}`, voteCount: i % 4 }));
    const { rows, key } = await searchable(posts);
    const matches = rows.filter((row) => row.title.startsWith("Roadmap"));
    for (const sort of ["newest", "oldest", "top"]) {
      const walk = await walkAllPages({ limit: 4, fetch: (query) => call(collection.GET, "GET", "/api/v1/posts", { key, query: { ...query, q: "roadm", sort } }) });
      expectEachExactlyOnce(walk.ids, matches);
      expect(walk.pages).toBe(4);
    }
  });

  // Up to SEARCH_HITS_CAP matches the page is read by id, past it through the full-text predicate:
  // two plans, one answer. A word on either side of the cap (and a prefix holding both) pages alike.
  it("answers the same on both sides of the match cap: order, pages, other filters", async () => {
    // More than the cap plus one: the function reads cap + 1 matches, and a page from those alone would miss some.
    const FREQUENT = SEARCH_HITS_CAP + 50;
    const tenant = await seedTenant();
    const board = await seedBoard(tenant.workspace.id);
    await db.$executeRaw`
      INSERT INTO "Post" (id, "workspaceId", "boardId", title, body, tags, "voteCount", "createdAt", "updatedAt")
      SELECT 'cap_post_' || lpad(i::text, 5, '0'), ${tenant.workspace.id}, ${board.id},
             CASE WHEN i <= ${FREQUENT} THEN 'Frequent idea ' ELSE 'Seldom idea ' END || i, '',
             CASE WHEN i % 2 = 0 THEN ARRAY['even'] ELSE ARRAY[]::text[] END, i % 7, now() - make_interval(secs => i), now()
      FROM generate_series(1, ${FREQUENT + 30}) i`;
    const key = await tenant.key();
    const walk = (q: string, query: Record<string, string> = {}) =>
      walkAllPages({ limit: 100, fetch: (page) => call(collection.GET, "GET", "/api/v1/posts", { key, query: { ...page, ...query, q } }) });
    const ids = (from: number, to: number, keep: (i: number) => boolean = () => true) =>
      Array.from({ length: to - from + 1 }, (_, k) => from + k).filter(keep).map((i) => `cap_post_${String(i).padStart(5, "0")}`);

    const frequent = await walk("frequent"); // past the cap: the predicate
    expect(frequent.ids).toEqual(ids(1, FREQUENT));
    const seldom = await walk("seldom", { sort: "oldest" }); // under it: by id
    expect(seldom.ids).toEqual(ids(FREQUENT + 1, FREQUENT + 30).reverse());
    const evenFrequent = await walk("frequent", { tag: "even" });
    expect(evenFrequent.ids).toEqual(ids(1, FREQUENT, (i) => i % 2 === 0));
    const evenSeldom = await walk("seldom", { tag: "even" });
    expect(evenSeldom.ids).toEqual(ids(FREQUENT + 1, FREQUENT + 30, (i) => i % 2 === 0));
    expect((await walk("idea")).ids).toEqual(ids(1, FREQUENT + 30));

    // The inbox's counts per status take the same two roads.
    const scoped = scopedDb(tenant.workspace.id);
    expect((await countPostsByStatus(scoped, { q: "frequent" })).open).toBe(FREQUENT);
    expect((await countPostsByStatus(scoped, { q: "frequent", tag: "even" })).open).toBe(Math.floor(FREQUENT / 2));
    expect((await countPostsByStatus(scoped, { q: "seldom" })).open).toBe(30);
    expect((await countPostsByStatus(scoped, { q: "nothing" })).all).toBe(0);
    expect((await countPostsByStatus(scoped, { q: "!!" })).all).toBe(0);
  });

  it("searchTsQuery quotes letters-and-digits words only", () => {
    expect(searchTsQuery("Dark  MODE")).toBe("'dark' & 'mode':*");
    expect(searchTsQuery("l'été 2026")).toBe("'l' & 'été' & '2026':*");
    expect(searchTsQuery("!!")).toBeNull();
    expect(searchTsQuery(Array.from({ length: 30 }, (_, i) => `w${i}`).join(" "))!.split("&")).toHaveLength(16);
  });
});
