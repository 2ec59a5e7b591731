import { describe, expect, it } from "vitest";
import * as boards from "@/app/api/public/[workspace]/boards/route";
import * as board from "@/app/api/public/[workspace]/boards/[boardId]/route";
import * as boardPosts from "@/app/api/public/[workspace]/boards/[boardId]/posts/route";
import * as post from "@/app/api/public/[workspace]/posts/[postId]/route";
import * as roadmap from "@/app/api/public/[workspace]/roadmap/route";
import * as changelog from "@/app/api/public/[workspace]/changelog/route";
import * as releaseNote from "@/app/api/public/[workspace]/changelog/[id]/route";
import { db } from "@/lib/platform/db/client";
import { seedTenant } from "../support/api";
import { expectError } from "../support/endpoint-checklist";
import { expectEachExactlyOnce, walkAllPages } from "../support/pagination";
import { seedPortal } from "./fixtures";
import { get } from "./request";

const CONTENT_CACHE = "public, max-age=60, s-maxage=60, stale-while-revalidate=300";

function expectPublicAnswer(result: { status: number; headers: Headers }) {
  expect(result.status).toBe(200);
  expect(result.headers.get("cache-control")).toBe(CONTENT_CACHE);
  expect(result.headers.get("access-control-allow-origin")).toBe("*");
  expect(result.headers.get("etag")).toMatch(/^W\/".+"$/);
  expect(result.headers.get("x-request-id")).toMatch(/^req_/);
  expect(result.headers.get("x-ratelimit-limit")).toBe("600");
}

/** Nothing private may appear anywhere in an answer: no emails, no workspace or user ids. */
function expectNothingPrivate(json: unknown, portal: Awaited<ReturnType<typeof seedPortal>>) {
  const text = JSON.stringify(json);
  for (const secret of ["@example.test", portal.workspaceId, portal.author.id, portal.tenant.owner.id, portal.privateBoard.id, portal.privatePost.id, "Secret plan", portal.draft.id, "Unannounced"]) {
    expect(text).not.toContain(secret);
  }
}

describe("public boards and posts", () => {
  it("lists only the public boards, with their post counts", async () => {
    const portal = await seedPortal();
    const result = await get(boards.GET, `/api/public/${portal.slug}/boards`, { workspace: portal.slug });
    expectPublicAnswer(result);
    expect(result.json).toEqual({
      success: true,
      data: [{ id: portal.board.id, slug: portal.board.slug, name: portal.board.name, description: "", archived: false, postCount: 1, createdAt: portal.board.createdAt.toISOString() }],
      pagination: { nextCursor: null, hasMore: false },
    });
    expectNothingPrivate(result.json, portal);
  });

  it("one board; a private or foreign board is 404", async () => {
    const portal = await seedPortal();
    const other = await seedPortal();
    const ok = await get(board.GET, "/x", { workspace: portal.slug, boardId: portal.board.id });
    expectPublicAnswer(ok);
    expect(ok.json.data).toMatchObject({ id: portal.board.id, name: portal.board.name });
    for (const boardId of [portal.privateBoard.id, other.board.id, "nope"]) {
      expectError(await get(board.GET, "/x", { workspace: portal.slug, boardId }), 404, "NOT_FOUND");
      expectError(await get(boardPosts.GET, "/x", { workspace: portal.slug, boardId }), 404, "NOT_FOUND");
    }
  });

  it("a board's posts with vote and comment counts, sorted and filtered, without emails", async () => {
    const portal = await seedPortal();
    const { workspaceId } = portal;
    await db.post.create({ data: { workspaceId, boardId: portal.board.id, title: "Popular", voteCount: 9, status: "planned" } });
    await db.post.create({ data: { workspaceId, boardId: portal.board.id, title: "Newest", voteCount: 2, createdAt: new Date(Date.now() + 1000) } });
    const titles = async (query: Record<string, string>) => {
      const result = await get(boardPosts.GET, "/x", { workspace: portal.slug, boardId: portal.board.id }, { query });
      expectPublicAnswer(result);
      expectNothingPrivate(result.json, portal);
      return result.json.data.map((p: { title: string }) => p.title);
    };
    expect(await titles({})).toEqual(["Popular", "Newest", "Dark mode please"]);
    expect(await titles({ sort: "newest" })).toEqual(["Newest", "Popular", "Dark mode please"]);
    expect(await titles({ status: "planned" })).toEqual(["Popular"]);

    const first = await get(boardPosts.GET, "/x", { workspace: portal.slug, boardId: portal.board.id }, { query: { sort: "newest" } });
    expect(first.json.data.at(-1)).toEqual({
      id: portal.post.id,
      boardId: portal.board.id,
      title: "Dark mode please",
      body: "Night owls.",
      status: "open",
      tags: [],
      voteCount: 0,
      commentCount: 1,
      roadmapItemId: portal.roadmapItem.id,
      mergedIntoId: null,
      author: { name: "author" },
      createdAt: portal.post.createdAt.toISOString(),
      updatedAt: expect.any(String),
    });
  });

  it("walks every page of a board with the /api/v1 cursor format", async () => {
    const portal = await seedPortal();
    const added = await db.post.createManyAndReturn({
      data: Array.from({ length: 11 }, (_, i) => ({ workspaceId: portal.workspaceId, boardId: portal.board.id, title: `p${i}`, voteCount: i % 3 })),
    });
    const onBoard = [portal.post, ...added];
    for (const sort of ["top", "newest", "oldest"]) {
      const { ids } = await walkAllPages({
        limit: 5,
        fetch: (query) => get(boardPosts.GET, "/x", { workspace: portal.slug, boardId: portal.board.id }, { query: { ...query, sort } }),
      });
      expectEachExactlyOnce(ids, onBoard);
    }
  });

  it("one post with its comments, board and roadmap item; a private, foreign or unknown post is 404", async () => {
    const portal = await seedPortal();
    const other = await seedPortal();
    const result = await get(post.GET, "/x", { workspace: portal.slug, postId: portal.post.id });
    expectPublicAnswer(result);
    expect(result.json.data).toMatchObject({
      id: portal.post.id,
      commentCount: 1,
      author: { name: "author" },
      board: { id: portal.board.id, slug: portal.board.slug, name: portal.board.name },
      roadmapItem: { id: portal.roadmapItem.id, title: "Dark mode", stage: "in_progress" },
      comments: [{ id: portal.comment.id, body: "Yes please", author: { name: "author" }, isTeamReply: false, createdAt: portal.comment.createdAt.toISOString() }],
    });
    expect(Object.keys(result.json.data.comments[0]).sort()).toEqual(["author", "body", "createdAt", "id", "isTeamReply"]);
    expectNothingPrivate(result.json, portal);
    for (const postId of [portal.privatePost.id, other.post.id, "nope"]) {
      expectError(await get(post.GET, "/x", { workspace: portal.slug, postId }), 404, "NOT_FOUND");
    }
  });
});

describe("public roadmap and changelog", () => {
  it("the roadmap with only its public linked posts", async () => {
    const portal = await seedPortal();
    await db.roadmapItem.create({ data: { workspaceId: portal.workspaceId, title: "Later", stage: "planned", position: 2 } });
    const result = await get(roadmap.GET, "/x", { workspace: portal.slug });
    expectPublicAnswer(result);
    expect(result.json.data).toEqual([
      expect.objectContaining({
        id: portal.roadmapItem.id,
        title: "Dark mode",
        stage: "in_progress",
        postCount: 1,
        posts: [{ id: portal.post.id, boardId: portal.board.id, title: "Dark mode please", status: "open", voteCount: 0, commentCount: 1 }],
      }),
      expect.objectContaining({ title: "Later", stage: "planned", posts: [], postCount: 0 }),
    ]);
    expectNothingPrivate(result.json, portal);
    const planned = await get(roadmap.GET, "/x", { workspace: portal.slug }, { query: { stage: "planned" } });
    expect(planned.json.data.map((item: { title: string }) => item.title)).toEqual(["Later"]);
  });

  it("published release notes only, newest first, with safe HTML; a draft or foreign note is 404", async () => {
    const portal = await seedPortal();
    const other = await seedPortal();
    const newer = await db.releaseNote.create({
      data: { workspaceId: portal.workspaceId, title: "Newer", body: "<script>alert(1)</script> [x](javascript:alert(1))", status: "published", publishedAt: new Date() },
    });
    const list = await get(changelog.GET, "/x", { workspace: portal.slug });
    expectPublicAnswer(list);
    expect(list.json.data.map((note: { id: string }) => note.id)).toEqual([newer.id, portal.published.id]);
    expect(list.json.data[1]).toEqual({
      id: portal.published.id,
      title: "Faster search",
      body: "Search is **fast**.",
      html: "<p>Search is <strong>fast</strong>.</p>\n",
      publishedAt: portal.published.publishedAt!.toISOString(),
    });
    expect(list.json.data[0].html).not.toMatch(/<script|href="javascript/i);
    expect(list.json.data[0].html).toContain("&lt;script&gt;");
    expectNothingPrivate(list.json, portal);

    const one = await get(releaseNote.GET, "/x", { workspace: portal.slug, id: portal.published.id });
    expectPublicAnswer(one);
    expect(one.json.data.title).toBe("Faster search");
    for (const id of [portal.draft.id, other.published.id, "nope"]) {
      expectError(await get(releaseNote.GET, "/x", { workspace: portal.slug, id }), 404, "NOT_FOUND");
    }
  });
});

describe("every public list", () => {
  const lists = [
    ["boards", boards.GET, (p: Awaited<ReturnType<typeof seedPortal>>) => ({ workspace: p.slug })],
    ["board posts", boardPosts.GET, (p: Awaited<ReturnType<typeof seedPortal>>) => ({ workspace: p.slug, boardId: p.board.id })],
    ["roadmap", roadmap.GET, (p: Awaited<ReturnType<typeof seedPortal>>) => ({ workspace: p.slug })],
    ["changelog", changelog.GET, (p: Awaited<ReturnType<typeof seedPortal>>) => ({ workspace: p.slug })],
  ] as const;

  it.each(lists)("%s: limit=0, 101, abc and a bad cursor answer 400 VALIDATION_ERROR with details", async (_name, handler, params) => {
    const portal = await seedPortal();
    for (const [query, path] of [
      [{ limit: "0" }, "limit"],
      [{ limit: "101" }, "limit"],
      [{ limit: "abc" }, "limit"],
      [{ cursor: "not-a-cursor" }, "cursor"],
    ] as const) {
      const result = await get(handler, "/x", params(portal), { query });
      expectError(result, 400, "VALIDATION_ERROR");
      expect(result.json.details).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
      expect(result.headers.get("access-control-allow-origin")).toBe("*");
    }
    const paged = await get(handler, "/x", params(portal), { query: { limit: "1", utm_source: "ignored" } });
    expect(paged.status).toBe(200);
    expect(paged.json.pagination).toEqual({ nextCursor: expect.toSatisfy((v) => v === null || typeof v === "string"), hasMore: expect.any(Boolean) });
  });

  it("bad sort, status or stage values are 400", async () => {
    const portal = await seedPortal();
    for (const query of [{ sort: "sideways" }, { status: "done" }] as Record<string, string>[]) {
      expectError(await get(boardPosts.GET, "/x", { workspace: portal.slug, boardId: portal.board.id }, { query }), 400, "VALIDATION_ERROR");
    }
    expectError(await get(roadmap.GET, "/x", { workspace: portal.slug }, { query: { stage: "someday" } }), 400, "VALIDATION_ERROR");
  });

  it("an unpublished workspace and an unknown slug answer the same 404 body", async () => {
    const hidden = await seedTenant({ published: false });
    await seedPortal();
    const bodies = new Set<string>();
    for (const slug of [hidden.workspace.slug, "no-such-workspace", "UPPER", "x".repeat(200)]) {
      for (const [handler, params] of [
        [boards.GET, { workspace: slug }],
        [roadmap.GET, { workspace: slug }],
        [changelog.GET, { workspace: slug }],
        [post.GET, { workspace: slug, postId: "p1" }],
        [releaseNote.GET, { workspace: slug, id: "n1" }],
      ] as const) {
        const result = await get(handler, "/x", params);
        expectError(result, 404, "NOT_FOUND");
        expect(result.headers.get("cache-control")).toBe("no-store");
        const { requestId: _requestId, ...body } = result.json;
        void _requestId;
        bodies.add(JSON.stringify(body));
      }
    }
    expect([...bodies]).toEqual([JSON.stringify({ success: false, error: "No published workspace portal at this address.", code: "NOT_FOUND" })]);
  });
});
