import { describe, expect, it } from "vitest";
import * as collection from "@/app/api/v1/boards/route";
import * as item from "@/app/api/v1/boards/[id]/route";
import * as posts from "@/app/api/v1/posts/route";
import { db } from "@/lib/platform/db/client";
import { call, seedBoard, seedTenant, uniqueSuffix } from "../support/api";
import { expectError, expectValidationError, itChecksKeys } from "../support/endpoint-checklist";

const eventsOf = async (workspaceId: string, type: string) => db.event.findMany({ where: { workspaceId, type } });

describe("POST /api/v1/boards", () => {
  itChecksKeys({ handler: collection.POST, method: "POST", path: "/api/v1/boards", scope: "boards:write", request: () => ({ body: { name: "Ideas", slug: `ideas-${uniqueSuffix()}` } }) });

  it("201 creates the board and records board.created", async () => {
    const tenant = await seedTenant();
    const key = await tenant.key(["boards:write"]);
    const result = await call(collection.POST, "POST", "/api/v1/boards", { key, body: { name: "Ideas", slug: "ideas", isPublic: false } });
    expect(result.status).toBe(201);
    expect(result.json.data).toMatchObject({ name: "Ideas", slug: "ideas", isPublic: false, postCount: 0, description: "" });
    expect(await eventsOf(tenant.workspace.id, "board.created")).toHaveLength(1);
  });

  it("400 for a bad slug or a control character, 409 for a taken slug, 403 PLAN_LIMIT past the Free plan's 3 boards", async () => {
    const tenant = await seedTenant();
    const key = await tenant.key(["boards:write"]);
    expectValidationError(await call(collection.POST, "POST", "/api/v1/boards", { key, body: { name: "x", slug: "Bad Slug" } }), "slug");
    expectValidationError(await call(collection.POST, "POST", "/api/v1/boards", { key, body: { name: "a\u0000b", slug: "ok" } }), "name");
    expect((await call(collection.POST, "POST", "/api/v1/boards", { key, body: { name: "One", slug: "one" } })).status).toBe(201);
    expectError(await call(collection.POST, "POST", "/api/v1/boards", { key, body: { name: "One again", slug: "one" } }), 409, "CONFLICT");
    expect((await call(collection.POST, "POST", "/api/v1/boards", { key, body: { name: "Two", slug: "two" } })).status).toBe(201);
    expect((await call(collection.POST, "POST", "/api/v1/boards", { key, body: { name: "Three", slug: "three" } })).status).toBe(201);
    expectError(await call(collection.POST, "POST", "/api/v1/boards", { key, body: { name: "Four", slug: "four" } }), 403, "PLAN_LIMIT");
  });
});

describe("PATCH /api/v1/boards/{id}", () => {
  itChecksKeys({
    handler: item.PATCH,
    method: "PATCH",
    path: "/api/v1/boards/x",
    scope: "boards:write",
    request: async (tenant) => {
      const board = await seedBoard(tenant.workspace.id);
      return { params: { id: board.id }, body: { name: "Renamed" } };
    },
  });

  it("200 changes it, records board.updated with the fields before; 404 for another workspace's board; 400 for an empty change", async () => {
    const tenant = await seedTenant();
    const key = await tenant.key(["boards:write"]);
    const board = await seedBoard(tenant.workspace.id, { name: "Old" });
    const result = await call(item.PATCH, "PATCH", `/api/v1/boards/${board.id}`, { key, params: { id: board.id }, body: { name: "New", isPublic: false } });
    expect(result.status).toBe(200);
    expect(result.json.data).toMatchObject({ id: board.id, name: "New", isPublic: false });
    const [event] = await eventsOf(tenant.workspace.id, "board.updated");
    expect(event?.previous).toEqual({ name: "Old", isPublic: true });

    const foreign = await seedBoard((await seedTenant()).workspace.id);
    expectError(await call(item.PATCH, "PATCH", `/api/v1/boards/${foreign.id}`, { key, params: { id: foreign.id }, body: { name: "Mine" } }), 404, "NOT_FOUND");
    expectError(await call(item.PATCH, "PATCH", `/api/v1/boards/${board.id}`, { key, params: { id: board.id }, body: {} }), 400, "VALIDATION_ERROR");
  });

  it("412 on a stale If-Match; nothing written", async () => {
    const tenant = await seedTenant();
    const key = await tenant.key(["boards:read", "boards:write"]);
    const board = await seedBoard(tenant.workspace.id, { name: "Old" });
    const etag = (await call(item.GET, "GET", `/api/v1/boards/${board.id}`, { key, params: { id: board.id } })).headers.get("etag")!;
    await call(item.PATCH, "PATCH", `/api/v1/boards/${board.id}`, { key, params: { id: board.id }, body: { name: "Theirs" } });
    const stale = await call(item.PATCH, "PATCH", `/api/v1/boards/${board.id}`, { key, params: { id: board.id }, body: { name: "Mine" }, headers: { "If-Match": etag } });
    expectError(stale, 412, "PRECONDITION_FAILED");
    expect((await db.board.findUniqueOrThrow({ where: { id: board.id } })).name).toBe("Theirs");
  });
});

describe("DELETE /api/v1/boards/{id}", () => {
  itChecksKeys({
    handler: item.DELETE,
    method: "DELETE",
    path: "/api/v1/boards/x",
    scope: "boards:write",
    request: async (tenant) => ({ params: { id: (await seedBoard(tenant.workspace.id)).id } }),
  });

  it("200 deletes it with its posts and records board.deleted; a second delete is 404", async () => {
    const tenant = await seedTenant();
    const key = await tenant.key(["boards:write"]);
    const board = await seedBoard(tenant.workspace.id);
    await db.post.create({ data: { workspaceId: tenant.workspace.id, boardId: board.id, title: "Goes too" } });
    const result = await call(item.DELETE, "DELETE", `/api/v1/boards/${board.id}`, { key, params: { id: board.id } });
    expect(result.status).toBe(200);
    expect(result.json.data).toEqual({ id: board.id, name: board.name, deletedPosts: 1 });
    expect(await db.post.count({ where: { boardId: board.id } })).toBe(0);
    expect(await eventsOf(tenant.workspace.id, "board.deleted")).toHaveLength(1);
    expectError(await call(item.DELETE, "DELETE", `/api/v1/boards/${board.id}`, { key, params: { id: board.id } }), 404, "NOT_FOUND");
  });

  it("a board deleted while posts are created in it: each create is counted by the delete or refused, none is left over", async () => {
    const tenant = await seedTenant({ plan: "PRO" });
    const key = await tenant.key(["boards:write", "posts:write"]);
    const board = await seedBoard(tenant.workspace.id);
    const creates = Array.from({ length: 5 }, (_, i) => call(posts.POST, "POST", "/api/v1/posts", { key, body: { boardId: board.id, title: `Race ${i}` } }));
    const [deleted, ...created] = await Promise.all([call(item.DELETE, "DELETE", `/api/v1/boards/${board.id}`, { key, params: { id: board.id } }), ...creates]);
    expect(deleted.status).toBe(200);
    for (const answer of created) expect([201, 404]).toContain(answer.status);
    for (const answer of created.filter((candidate) => candidate.status === 404)) expectError(answer, 404, "NOT_FOUND");
    expect(deleted.json.data.deletedPosts).toBe(created.filter((answer) => answer.status === 201).length);
    expect(await db.post.count({ where: { workspaceId: tenant.workspace.id } })).toBe(0);
  });
});
