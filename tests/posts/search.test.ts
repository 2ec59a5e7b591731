import { describe, expect, it } from "vitest";
import * as collection from "@/app/api/v1/posts/route";
import { db } from "@/lib/db/client";
import { searchTsQuery } from "@/lib/posts/search";
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

  it("searchTsQuery quotes letters-and-digits words only", () => {
    expect(searchTsQuery("Dark  MODE")).toBe("'dark' & 'mode':*");
    expect(searchTsQuery("l'été 2026")).toBe("'l' & 'été' & '2026':*");
    expect(searchTsQuery("!!")).toBeNull();
    expect(searchTsQuery(Array.from({ length: 30 }, (_, i) => `w${i}`).join(" "))!.split("&")).toHaveLength(16);
  });
});
