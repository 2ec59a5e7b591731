import { describe, expect, it } from "vitest";
import * as collection from "@/app/api/v1/boards/route";
import * as item from "@/app/api/v1/boards/[id]/route";
import { db } from "@/lib/platform/db/client";
import { call, seedBoard, seedTenant, uniqueSuffix } from "../support/api";
import { expectError, itAnswers405, itChecksKeys, itRejectsQueries } from "../support/endpoint-checklist";
import { expectEachExactlyOnce, walkAllPages } from "../support/pagination";

const BOARD_KEYS = ["archivedAt", "createdAt", "description", "id", "isPublic", "name", "postCount", "slug", "updatedAt"];

async function tenantWithKey() {
  const tenant = await seedTenant();
  return { tenant, key: await tenant.key(["boards:read"]) };
}

// Boards straight into the database: the FREE plan's limit of 3 applies to creates, not to tests.
async function seedBoardAt(workspaceId: string, createdAt: Date, isPublic = true) {
  const slug = `b-${uniqueSuffix()}`;
  return db.board.create({ data: { workspaceId, name: slug, slug, isPublic, createdAt } });
}

async function seedPosts(workspaceId: string, boardId: string, count: number) {
  await db.post.createMany({ data: Array.from({ length: count }, (_, i) => ({ workspaceId, boardId, title: `p${i}` })) });
}

describe("GET /api/v1/boards", () => {
  itChecksKeys({ handler: collection.GET, method: "GET", path: "/api/v1/boards", scope: "boards:read" });

  it("200 lists this workspace's boards only, newest first, with their post counts", async () => {
    const { tenant, key } = await tenantWithKey();
    const other = await seedTenant();
    const foreign = await seedBoard(other.workspace.id);
    await seedPosts(other.workspace.id, foreign.id, 2);
    const older = await seedBoardAt(tenant.workspace.id, new Date(Date.now() - 60_000));
    const newer = await seedBoardAt(tenant.workspace.id, new Date(), false);
    await seedPosts(tenant.workspace.id, older.id, 3);

    const result = await call(collection.GET, "GET", "/api/v1/boards", { key });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({
      success: true,
      data: [
        expect.objectContaining({ id: newer.id, isPublic: false, postCount: 0 }),
        expect.objectContaining({ id: older.id, isPublic: true, postCount: 3 }),
      ],
      pagination: { nextCursor: null, hasMore: false },
    });
    expect(Object.keys(result.json.data[0]).sort()).toEqual(BOARD_KEYS);
    expect(result.json.data[1]).toEqual({
      id: older.id,
      name: older.name,
      slug: older.slug,
      description: "",
      isPublic: true,
      postCount: 3,
      archivedAt: null,
      createdAt: older.createdAt.toISOString(),
      updatedAt: older.updatedAt.toISOString(),
    });
    expect(result.headers.get("x-ratelimit-limit")).toBe("100");
    expect(result.headers.get("x-request-id")).toMatch(/^req_/);
  });

  it("filters by visibility", async () => {
    const { tenant, key } = await tenantWithKey();
    const open = await seedBoard(tenant.workspace.id, { isPublic: true });
    const hidden = await seedBoard(tenant.workspace.id, { isPublic: false });
    const ids = async (visibility?: string) =>
      (await call(collection.GET, "GET", "/api/v1/boards", { key, query: visibility ? { visibility } : {} })).json.data
        .map((board: { id: string }) => board.id)
        .sort();
    expect(await ids("public")).toEqual([open.id]);
    expect(await ids("private")).toEqual([hidden.id]);
    expect(await ids("all")).toEqual([open.id, hidden.id].sort());
    expect(await ids()).toEqual([open.id, hidden.id].sort());
  });

  it("walking every page while boards are inserted returns each pre-existing board exactly once", async () => {
    const { tenant, key } = await tenantWithKey();
    const base = Date.now() - 3_600_000;
    // Repeated timestamps make the id tie-break do real work.
    const existing = await Promise.all(Array.from({ length: 13 }, (_, i) => seedBoardAt(tenant.workspace.id, new Date(base + (i % 4) * 1000))));
    const { ids, pages } = await walkAllPages({
      limit: 3,
      fetch: (query) => call(collection.GET, "GET", "/api/v1/boards", { key, query }),
      meanwhile: () => seedBoardAt(tenant.workspace.id, new Date()),
    });
    expect(pages).toBe(5);
    // Boards added meanwhile are the newest, so they sort before every cursor and never show.
    expectEachExactlyOnce(ids, existing);
  });

  itRejectsQueries({
    handler: collection.GET,
    path: "/api/v1/boards",
    key: async () => (await tenantWithKey()).key,
    cases: [
      [{ limit: "0" }, "limit"],
      [{ limit: "101" }, "limit"],
      [{ limit: "abc" }, "limit"],
      [{ limit: "-1" }, "limit"],
      [{ visibility: "secret" }, "visibility"],
      [{ visibility: "public\u0000" }, "visibility"],
      [{ visibility: "\ud800" }, "visibility"],
      [{ cursor: "not-a-cursor" }, "cursor"],
      [{ cursor: "a\u0000b" }, "cursor"],
      [{ unknown: "1" }, "unknown"],
    ],
  });

  it("a cursor from another list is refused", async () => {
    const { key } = await tenantWithKey();
    const foreignSort = Buffer.from(JSON.stringify({ s: "top", v: 3, id: "x" })).toString("base64url");
    expectError(await call(collection.GET, "GET", "/api/v1/boards", { key, query: { cursor: foreignSort } }), 400, "VALIDATION_ERROR");
  });

  itAnswers405(collection, "/api/v1/boards", { methods: ["DELETE"], allow: "GET, POST, HEAD" });
});

describe("GET /api/v1/boards/{id}", () => {
  itChecksKeys({
    handler: item.GET,
    method: "GET",
    path: "/api/v1/boards/x",
    scope: "boards:read",
    request: async (tenant) => ({ params: { id: (await seedBoard(tenant.workspace.id)).id } }),
  });

  it("200 with the board and its post count", async () => {
    const { tenant, key } = await tenantWithKey();
    const board = await seedBoard(tenant.workspace.id, { isPublic: false });
    await seedPosts(tenant.workspace.id, board.id, 4);
    const result = await call(item.GET, "GET", `/api/v1/boards/${board.id}`, { key, params: { id: board.id } });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({
      success: true,
      data: {
        id: board.id,
        name: board.name,
        slug: board.slug,
        description: "",
        isPublic: false,
        postCount: 4,
        archivedAt: null,
        createdAt: board.createdAt.toISOString(),
        updatedAt: board.updatedAt.toISOString(),
      },
    });
  });

  it("never counts another workspace's post, even one pointing at this workspace's board", async () => {
    const { tenant, key } = await tenantWithKey();
    const other = await seedTenant();
    const board = await seedBoard(tenant.workspace.id);
    await seedPosts(other.workspace.id, board.id, 2);
    const result = await call(item.GET, "GET", `/api/v1/boards/${board.id}`, { key, params: { id: board.id } });
    expect(result.json.data.postCount).toBe(0);
  });

  it("404 with the same body shape for another workspace's board and a random id", async () => {
    const { key } = await tenantWithKey();
    const other = await seedTenant();
    const foreign = await seedBoard(other.workspace.id);
    const shapes = new Set<string>();
    for (const id of [foreign.id, "no-such-board", "../etc", "x".repeat(500)]) {
      const result = await call(item.GET, "GET", `/api/v1/boards/${encodeURIComponent(id)}`, { key, params: { id } });
      expectError(result, 404, "NOT_FOUND");
      shapes.add(Object.keys(result.json).sort().join());
    }
    expect([...shapes]).toEqual(["code,error,requestId,success"]);
  });

  itAnswers405(item, "/api/v1/boards/x", { methods: ["PUT"], allow: "GET, PATCH, DELETE, HEAD" });
});
