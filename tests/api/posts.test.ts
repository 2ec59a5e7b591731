import { describe, expect, it } from "vitest";
import * as collection from "@/app/api/v1/posts/route";
import * as item from "@/app/api/v1/posts/[id]/route";
import { db } from "@/lib/platform/db/client";
import { call, seedBoard, seedTenant } from "../support/api";
import { expectError, itAnswers405, itChecksKeys, itRejectsQueries } from "../support/endpoint-checklist";
import { expectEachExactlyOnce, onlyPreExisting, walkAllPages } from "../support/pagination";

async function tenantWithBoard() {
  const tenant = await seedTenant();
  const board = await seedBoard(tenant.workspace.id);
  return { tenant, board, key: await tenant.key() };
}

async function seedPost(workspaceId: string, boardId: string, data: Partial<{ title: string; status: "open" | "planned" | "closed"; tags: string[]; voteCount: number; createdAt: Date }> = {}) {
  return db.post.create({ data: { workspaceId, boardId, title: data.title ?? "A post", ...data } });
}

describe("GET /api/v1/posts", () => {
  itChecksKeys({ handler: collection.GET, method: "GET", path: "/api/v1/posts", scope: "posts:read" });

  it("200 lists this workspace's posts only, newest first, with rate-limit headers", async () => {
    const { tenant, board, key } = await tenantWithBoard();
    const other = await tenantWithBoard();
    await seedPost(other.tenant.workspace.id, other.board.id, { title: "foreign" });
    const older = await seedPost(tenant.workspace.id, board.id, { title: "older", createdAt: new Date(Date.now() - 60_000) });
    const newer = await seedPost(tenant.workspace.id, board.id, { title: "newer" });

    const result = await call(collection.GET, "GET", "/api/v1/posts", { key });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({
      success: true,
      data: [expect.objectContaining({ id: newer.id, title: "newer" }), expect.objectContaining({ id: older.id })],
      pagination: { nextCursor: null, hasMore: false },
    });
    expect(result.headers.get("x-ratelimit-limit")).toBe("100");
    expect(Number(result.headers.get("x-ratelimit-remaining"))).toBeLessThan(100);
    expect(Number(result.headers.get("x-ratelimit-reset"))).toBeGreaterThan(Date.now() / 1000);
    expect(result.headers.get("x-request-id")).toMatch(/^req_/);
  });

  it("filters by board, status, tag and title search, and sorts by top", async () => {
    const { tenant, board, key } = await tenantWithBoard();
    const second = await seedBoard(tenant.workspace.id);
    await seedPost(tenant.workspace.id, board.id, { title: "Dark mode please", tags: ["ui"], voteCount: 3 });
    await seedPost(tenant.workspace.id, board.id, { title: "Export", status: "planned", voteCount: 9 });
    await seedPost(tenant.workspace.id, second.id, { title: "Other board", tags: ["ui"] });

    const titles = async (query: Record<string, string>) =>
      (await call(collection.GET, "GET", "/api/v1/posts", { key, query })).json.data.map((p: { title: string }) => p.title);
    expect(await titles({ boardId: second.id })).toEqual(["Other board"]);
    expect(await titles({ status: "planned" })).toEqual(["Export"]);
    expect((await titles({ tag: "UI" })).sort()).toEqual(["Dark mode please", "Other board"]);
    expect(await titles({ q: "dark MODE" })).toEqual(["Dark mode please"]);
    expect(await titles({ sort: "top" })).toEqual(["Export", "Dark mode please", "Other board"]);
  });

  it("walking every page while rows are inserted returns each pre-existing row exactly once", async () => {
    const { tenant, board, key } = await tenantWithBoard();
    const base = Date.now() - 3_600_000;
    const existing = await Promise.all(
      Array.from({ length: 25 }, (_, i) => seedPost(tenant.workspace.id, board.id, { title: `p${i}`, createdAt: new Date(base + (i % 5) * 1000) })),
    );
    for (const sort of ["newest", "oldest", "top"]) {
      const { ids } = await walkAllPages({
        limit: 4,
        fetch: (query) => call(collection.GET, "GET", "/api/v1/posts", { key, query: { ...query, sort } }),
        meanwhile: () => seedPost(tenant.workspace.id, board.id, { title: "inserted meanwhile" }),
      });
      expectEachExactlyOnce(onlyPreExisting(ids, existing), existing);
    }
  });

  itRejectsQueries({
    handler: collection.GET,
    path: "/api/v1/posts",
    key: async () => (await tenantWithBoard()).key,
    cases: [
      [{ limit: "0" }, "limit"],
      [{ limit: "101" }, "limit"],
      [{ limit: "abc" }, "limit"],
      [{ limit: "1.5" }, "limit"],
      [{ sort: "sideways" }, "sort"],
      [{ status: "done" }, "status"],
      [{ cursor: "not-a-cursor" }, "cursor"],
      [{ q: "a\u0000b" }, "q"],
      [{ unknown: "1" }, "unknown"],
    ],
  });

  it("a cursor from another sort order is refused", async () => {
    const { tenant, board, key } = await tenantWithBoard();
    await Promise.all([1, 2, 3].map(() => seedPost(tenant.workspace.id, board.id)));
    const first = await call(collection.GET, "GET", "/api/v1/posts", { key, query: { limit: "1" } });
    const result = await call(collection.GET, "GET", "/api/v1/posts", { key, query: { cursor: first.json.pagination.nextCursor, sort: "top" } });
    expectError(result, 400, "VALIDATION_ERROR");
  });

  // Cursors are opaque but editable: values outside what the columns hold are a 400, not a
  // database error.
  it.each([
    ["newest", { s: "newest", v: "+100000-01-01T00:00:00.000Z", id: "x" }],
    ["newest", { s: "newest", v: "-000500-01-01T00:00:00.000Z", id: "x" }],
    ["top", { s: "top", v: 1e300, id: "x" }],
    ["top", { s: "top", v: 1.5, id: "x" }],
    ["top", { s: "top", v: "7", id: "x" }],
  ])("400 for an edited %s cursor %j", async (sort, payload) => {
    const { key } = await tenantWithBoard();
    const cursor = Buffer.from(JSON.stringify(payload)).toString("base64url");
    const result = await call(collection.GET, "GET", "/api/v1/posts", { key, query: { sort, cursor } });
    expectError(result, 400, "VALIDATION_ERROR");
    expect(result.json.details).toEqual([expect.objectContaining({ path: "cursor" })]);
  });

  itAnswers405(collection, "/api/v1/posts", { methods: ["DELETE"], allow: "GET, POST, HEAD" });
});

describe("POST /api/v1/posts", () => {
  itChecksKeys({
    handler: collection.POST,
    method: "POST",
    path: "/api/v1/posts",
    scope: "posts:write",
    request: async (tenant) => ({ body: { boardId: (await seedBoard(tenant.workspace.id)).id, title: "Hello" } }),
  });

  it("201 creates a post authored by the key's creator", async () => {
    const { tenant, board, key } = await tenantWithBoard();
    const result = await call(collection.POST, "POST", "/api/v1/posts", {
      key,
      body: { boardId: board.id, title: "  New idea ", tags: ["UI", "ui", "mobile"] },
    });
    expect(result.status).toBe(201);
    expect(result.json.data).toMatchObject({ boardId: board.id, title: "New idea", status: "open", tags: ["ui", "mobile"], voteCount: 0, authorId: tenant.owner.id });
    expect(result.json.data.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
  });

  it("404 for another workspace's board or a random id, and nothing written", async () => {
    const { tenant, key } = await tenantWithBoard();
    const other = await tenantWithBoard();
    for (const boardId of [other.board.id, "does-not-exist"]) {
      const result = await call(collection.POST, "POST", "/api/v1/posts", { key, body: { boardId, title: "x" } });
      expectError(result, 404, "NOT_FOUND");
      expect(Object.keys(result.json).sort()).toEqual(["code", "error", "requestId", "success"]);
    }
    expect(await db.post.count({ where: { workspaceId: tenant.workspace.id } })).toBe(0);
  });

  it.each([
    ["malformed JSON", { rawBody: "{\"title\":", headers: { "content-type": "application/json" } }, 400, "VALIDATION_ERROR"],
    ["a JSON array", { rawBody: "[1,2]", headers: { "content-type": "application/json" } }, 400, "VALIDATION_ERROR"],
    ["null", { rawBody: "null", headers: { "content-type": "application/json" } }, 400, "VALIDATION_ERROR"],
    ["an empty body", { rawBody: "", headers: { "content-type": "application/json" } }, 400, "VALIDATION_ERROR"],
    ["a 1 MiB body", { rawBody: JSON.stringify({ title: "x".repeat(1024 * 1024) }), headers: { "content-type": "application/json" } }, 413, "PAYLOAD_TOO_LARGE"],
    ["a form body", { rawBody: "title=x", headers: { "content-type": "application/x-www-form-urlencoded" } }, 415, "UNSUPPORTED_MEDIA_TYPE"],
    ["invalid UTF-8", { rawBody: new Uint8Array([0x7b, 0xff, 0x7d]), headers: { "content-type": "application/json" } }, 400, "VALIDATION_ERROR"],
  ])("%s answers a clear 4xx and writes nothing", async (_label, options, status, code) => {
    const { tenant, key } = await tenantWithBoard();
    const result = await call(collection.POST, "POST", "/api/v1/posts", { key, ...options });
    expectError(result, status, code);
    expect(await db.post.count({ where: { workspaceId: tenant.workspace.id } })).toBe(0);
  });

  it.each([
    [{ title: "x" }, "boardId"],
    [{ title: "", boardId: "b" }, "title"],
    [{ title: "x".repeat(201), boardId: "b" }, "title"],
    [{ title: "nul\u0000", boardId: "b" }, "title"],
    [{ title: "lone \ud800 surrogate", boardId: "b" }, "title"],
    [{ title: "x", boardId: "b", extra: true }, "extra"],
    [{ title: "x", boardId: "b", status: "shipped" }, "status"],
    [{ title: "x", boardId: "b", tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, "tags"],
    [{ title: 5, boardId: "b" }, "title"],
  ])("400 with details for %j", async (body, path) => {
    const { tenant, key } = await tenantWithBoard();
    const result = await call(collection.POST, "POST", "/api/v1/posts", { key, body });
    expectError(result, 400, "VALIDATION_ERROR");
    expect(result.json.details).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    expect(await db.post.count({ where: { workspaceId: tenant.workspace.id } })).toBe(0);
  });

  it("403 PLAN_LIMIT at the FREE limit, exactly, for 32 creates racing past it", async () => {
    const { tenant, board, key } = await tenantWithBoard();
    await db.post.createMany({ data: Array.from({ length: 984 }, (_, i) => ({ workspaceId: tenant.workspace.id, boardId: board.id, title: `p${i}` })) });
    const results = await Promise.all(
      Array.from({ length: 32 }, (_, i) => call(collection.POST, "POST", "/api/v1/posts", { key, body: { boardId: board.id, title: `race ${i}` } })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(16);
    for (const refused of results.filter((r) => r.status !== 201)) {
      expectError(refused, 403, "PLAN_LIMIT");
      expect(refused.json.error).toContain("1000 posts");
    }
    expect(await db.post.count({ where: { workspaceId: tenant.workspace.id } })).toBe(1000);
  });
});

describe("GET /api/v1/posts/{id}", () => {
  itChecksKeys({
    handler: item.GET,
    method: "GET",
    path: "/api/v1/posts/x",
    scope: "posts:read",
    request: async (tenant) => {
      const board = await seedBoard(tenant.workspace.id);
      return { params: { id: (await seedPost(tenant.workspace.id, board.id)).id } };
    },
  });

  it("200 with its votes and comments", async () => {
    const { tenant, board, key } = await tenantWithBoard();
    const post = await seedPost(tenant.workspace.id, board.id, { voteCount: 1 });
    await db.vote.create({ data: { workspaceId: tenant.workspace.id, postId: post.id, userId: tenant.owner.id } });
    await db.comment.create({ data: { workspaceId: tenant.workspace.id, postId: post.id, authorId: tenant.owner.id, body: "Nice" } });
    const result = await call(item.GET, "GET", `/api/v1/posts/${post.id}`, { key, params: { id: post.id } });
    expect(result.status).toBe(200);
    expect(result.json.data).toMatchObject({
      id: post.id,
      votes: [{ userId: tenant.owner.id }],
      comments: [{ body: "Nice", author: { id: tenant.owner.id } }],
    });
  });

  it("404 with the same body shape for another workspace's post and a random id", async () => {
    const { key } = await tenantWithBoard();
    const other = await tenantWithBoard();
    const foreign = await seedPost(other.tenant.workspace.id, other.board.id);
    const shapes = [];
    for (const id of [foreign.id, "no-such-post", "../etc", "x".repeat(500)]) {
      const result = await call(item.GET, "GET", `/api/v1/posts/${encodeURIComponent(id)}`, { key, params: { id } });
      expectError(result, 404, "NOT_FOUND");
      shapes.push(Object.keys(result.json).sort().join());
    }
    expect(new Set(shapes).size).toBe(1);
  });
});

describe("PATCH /api/v1/posts/{id}", () => {
  itChecksKeys({
    handler: item.PATCH,
    method: "PATCH",
    path: "/api/v1/posts/x",
    scope: "posts:write",
    request: async (tenant) => {
      const board = await seedBoard(tenant.workspace.id);
      return { params: { id: (await seedPost(tenant.workspace.id, board.id)).id }, body: { title: "Renamed" } };
    },
  });

  it("200 changes status along the allowed path, tags and title", async () => {
    const { tenant, board, key } = await tenantWithBoard();
    const post = await seedPost(tenant.workspace.id, board.id);
    const patch = (body: unknown) => call(item.PATCH, "PATCH", `/api/v1/posts/${post.id}`, { key, params: { id: post.id }, body });
    expect((await patch({ status: "planned", tags: ["a"], title: "New" })).json.data).toMatchObject({ status: "planned", tags: ["a"], title: "New" });
    expect((await patch({ status: "completed" })).json.data.status).toBe("completed");
    expect((await patch({ status: "closed" })).json.data.status).toBe("closed");
    expect((await patch({ status: "open" })).json.data.status).toBe("open");
  });

  it("400 for a backwards transition, naming the allowed ones, and nothing changes", async () => {
    const { tenant, board, key } = await tenantWithBoard();
    const post = await seedPost(tenant.workspace.id, board.id, { status: "planned" });
    const result = await call(item.PATCH, "PATCH", `/api/v1/posts/${post.id}`, { key, params: { id: post.id }, body: { status: "open", title: "changed" } });
    expectError(result, 400, "VALIDATION_ERROR");
    expect(result.json.details[0]).toMatchObject({ path: "status", code: "invalid_transition" });
    expect(result.json.details[0].message).toContain("in_progress, completed, closed");
    expect(await db.post.findUniqueOrThrow({ where: { id: post.id } })).toMatchObject({ status: "planned", title: "A post" });
  });

  it("400 for an empty patch or unknown fields; 404 for a foreign post", async () => {
    const { tenant, board, key } = await tenantWithBoard();
    const other = await tenantWithBoard();
    const post = await seedPost(tenant.workspace.id, board.id);
    const foreign = await seedPost(other.tenant.workspace.id, other.board.id);
    expectError(await call(item.PATCH, "PATCH", "/x", { key, params: { id: post.id }, body: {} }), 400, "VALIDATION_ERROR");
    expectError(await call(item.PATCH, "PATCH", "/x", { key, params: { id: post.id }, body: { voteCount: 99 } }), 400, "VALIDATION_ERROR");
    expectError(await call(item.PATCH, "PATCH", "/x", { key, params: { id: foreign.id }, body: { title: "hijack" } }), 404, "NOT_FOUND");
    expect((await db.post.findUniqueOrThrow({ where: { id: foreign.id } })).title).toBe("A post");
  });

  itAnswers405(item, "/api/v1/posts/x", { methods: ["PUT"], allow: "GET, PATCH, HEAD" });
});
