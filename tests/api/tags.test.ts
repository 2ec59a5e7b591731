import { describe, expect, it } from "vitest";
import * as collection from "@/app/api/v1/tags/route";
import * as item from "@/app/api/v1/tags/[tag]/route";
import * as posts from "@/app/api/v1/posts/route";
import { db } from "@/lib/platform/db/client";
import { call, seedBoard, seedTenant, type Tenant } from "../support/api";
import { expectError, expectValidationError, itChecksKeys } from "../support/endpoint-checklist";

async function seedTagged(tenant: Tenant, tagLists: string[][]) {
  const board = await seedBoard(tenant.workspace.id);
  const created = [];
  for (const [index, tags] of tagLists.entries()) {
    created.push(await db.post.create({ data: { workspaceId: tenant.workspace.id, boardId: board.id, authorId: tenant.owner.id, title: `Post ${index}`, tags } }));
  }
  return created;
}

const tagsOf = async (ids: string[]) => (await db.post.findMany({ where: { id: { in: ids } }, orderBy: { title: "asc" } })).map((post) => post.tags);

describe("GET /api/v1/tags", () => {
  itChecksKeys({ handler: collection.GET, method: "GET", path: "/api/v1/tags", scope: "posts:read" });

  it("lists every tag in use with its post count, most used first, this workspace only", async () => {
    const tenant = await seedTenant();
    await seedTagged(tenant, [["ui", "bug"], ["ui"], ["api"], []]);
    await seedTagged(await seedTenant(), [["elsewhere"]]);
    const result = await call(collection.GET, "GET", "/api/v1/tags", { key: await tenant.key(["posts:read"]) });
    expect(result.status).toBe(200);
    expect(result.json.data).toEqual([
      { name: "ui", postCount: 2 },
      { name: "api", postCount: 1 },
      { name: "bug", postCount: 1 },
    ]);
  });
});

describe("PATCH /api/v1/tags/{tag}", () => {
  itChecksKeys({
    handler: item.PATCH,
    method: "PATCH",
    path: "/api/v1/tags/ui",
    scope: "posts:write",
    request: async (tenant) => {
      await seedTagged(tenant, [["ui"]]);
      return { params: { tag: "ui" }, body: { name: `ux-${Math.random().toString(36).slice(2, 8)}` } };
    },
  });

  it("renames the tag on every post, once where the post already had the new name, moving version and updatedAt; one tag.renamed event", async () => {
    const tenant = await seedTenant();
    const [a, b, c] = await seedTagged(tenant, [["ui", "bug"], ["bug", "ux", "ui"], ["api"]]);
    const key = await tenant.key(["posts:write"]);
    const result = await call(item.PATCH, "PATCH", "/api/v1/tags/UI", { key, params: { tag: "UI" }, body: { name: "UX" } });
    expect(result.status).toBe(200);
    expect(result.json.data).toEqual({ name: "ux", postCount: 2 });
    expect(await tagsOf([a!.id, b!.id, c!.id])).toEqual([["ux", "bug"], ["bug", "ux"], ["api"]]);
    const after = await db.post.findUniqueOrThrow({ where: { id: a!.id } });
    expect(after.version).toBe(a!.version + 1);
    expect(after.updatedAt.getTime()).toBeGreaterThan(a!.updatedAt.getTime());
    expect((await db.post.findUniqueOrThrow({ where: { id: c!.id } })).version).toBe(c!.version);
    const events = await db.event.findMany({ where: { workspaceId: tenant.workspace.id, type: "tag.renamed" } });
    expect(events.map((event) => [event.data, event.previous])).toEqual([[{ name: "ux", postCount: 2 }, { name: "ui" }]]);
  });

  it("404 for a tag no post carries (nothing recorded); 400 for a bad or unchanged name; another workspace's posts untouched", async () => {
    const tenant = await seedTenant();
    const other = await seedTenant();
    const [theirs] = await seedTagged(other, [["ui"]]);
    await seedTagged(tenant, [["ui"]]);
    const key = await tenant.key(["posts:write"]);
    expectError(await call(item.PATCH, "PATCH", "/api/v1/tags/nope", { key, params: { tag: "nope" }, body: { name: "yes" } }), 404, "NOT_FOUND");
    expect(await db.event.count({ where: { workspaceId: tenant.workspace.id, type: "tag.renamed" } })).toBe(0);
    expectValidationError(await call(item.PATCH, "PATCH", "/api/v1/tags/ui", { key, params: { tag: "ui" }, body: { name: "no!" } }), "name");
    expectValidationError(await call(item.PATCH, "PATCH", "/api/v1/tags/ui", { key, params: { tag: "ui" }, body: { name: "a\u0000b" } }), "name");
    expectValidationError(await call(item.PATCH, "PATCH", "/api/v1/tags/ui", { key, params: { tag: "ui" }, body: { name: "UI" } }), "name");
    expectError(await call(item.PATCH, "PATCH", "/api/v1/tags/ui", { key, params: { tag: "ui" }, body: { name: "x", extra: 1 } }), 400, "VALIDATION_ERROR");
    expect((await call(item.PATCH, "PATCH", "/api/v1/tags/ui", { key, params: { tag: "ui" }, body: { name: "ux" } })).status).toBe(200);
    expect(await tagsOf([theirs!.id])).toEqual([["ui"]]);
  });
});

describe("DELETE /api/v1/tags/{tag}", () => {
  itChecksKeys({
    handler: item.DELETE,
    method: "DELETE",
    path: "/api/v1/tags/ui",
    scope: "posts:write",
    request: async (tenant) => {
      await seedTagged(tenant, [["ui"]]);
      return { params: { tag: "ui" } };
    },
  });

  it("takes the tag off every post, keeps the posts, records tag.deleted; then the tag filter finds none and a second delete is 404", async () => {
    const tenant = await seedTenant();
    const [a, b] = await seedTagged(tenant, [["ui", "bug"], ["ui"]]);
    const key = await tenant.key(["posts:write", "posts:read"]);
    const result = await call(item.DELETE, "DELETE", "/api/v1/tags/ui", { key, params: { tag: "ui" } });
    expect(result.status).toBe(200);
    expect(result.json.data).toEqual({ name: "ui", postCount: 2 });
    expect(await tagsOf([a!.id, b!.id])).toEqual([["bug"], []]);
    expect((await call(posts.GET, "GET", "/api/v1/posts", { key, query: { tag: "ui" } })).json.data).toEqual([]);
    expect(await db.event.count({ where: { workspaceId: tenant.workspace.id, type: "tag.deleted" } })).toBe(1);
    expectError(await call(item.DELETE, "DELETE", "/api/v1/tags/ui", { key, params: { tag: "ui" } }), 404, "NOT_FOUND");
  });
});
