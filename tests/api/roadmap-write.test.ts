import { describe, expect, it } from "vitest";
import * as collection from "@/app/api/v1/roadmap/route";
import * as item from "@/app/api/v1/roadmap/[id]/route";
import * as move from "@/app/api/v1/roadmap/[id]/move/route";
import * as links from "@/app/api/v1/roadmap/[id]/posts/route";
import * as link from "@/app/api/v1/roadmap/[id]/posts/[postId]/route";
import { db } from "@/lib/platform/db/client";
import { call, seedBoard, seedTenant } from "../support/api";
import { expectError, expectValidationError, itChecksKeys } from "../support/endpoint-checklist";

async function setup() {
  const tenant = await seedTenant();
  return { tenant, key: await tenant.key(["roadmap:read", "roadmap:write"]) };
}

const create = (key: string, body: unknown) => call(collection.POST, "POST", "/api/v1/roadmap", { key, body });

describe("POST /api/v1/roadmap", () => {
  itChecksKeys({ handler: collection.POST, method: "POST", path: "/api/v1/roadmap", scope: "roadmap:write", request: () => ({ body: { title: "SSO" } }) });

  it("201 adds an item at the end of its column with roadmap_item.created; 403 for a member's key; 400 for a bad stage", async () => {
    const { tenant, key } = await setup();
    const first = await create(key, { title: "SSO" });
    expect(first.status).toBe(201);
    expect(first.json.data).toMatchObject({ title: "SSO", stage: "planned", position: 0, posts: [] });
    expect((await create(key, { title: "Audit log" })).json.data.position).toBe(1);
    expect(await db.event.count({ where: { workspaceId: tenant.workspace.id, type: "roadmap_item.created" } })).toBe(2);
    const member = await tenant.member("MEMBER");
    expectError(await create(await tenant.key(["roadmap:write"], { creatorId: member.id }), { title: "No" }), 403, "FORBIDDEN");
    expectValidationError(await create(key, { title: "x", stage: "someday" }), "stage");
  });
});

describe("GET, PATCH, DELETE /api/v1/roadmap/{id}", () => {
  itChecksKeys({ handler: item.PATCH, method: "PATCH", path: "/api/v1/roadmap/x", scope: "roadmap:write", request: () => ({ params: { id: "r_none" }, body: { title: "x" } }) });

  it("GET with an ETag; PATCH renames; a stale If-Match is 412; DELETE removes; then 404", async () => {
    const { key } = await setup();
    const id = (await create(key, { title: "SSO" })).json.data.id;
    const params = { id };
    const read = await call(item.GET, "GET", `/api/v1/roadmap/${id}`, { key, params });
    expect(read.headers.get("etag")).toBeTruthy();
    const renamed = await call(item.PATCH, "PATCH", `/api/v1/roadmap/${id}`, { key, params, body: { title: "Single sign-on" } });
    expect(renamed.json.data).toMatchObject({ id, title: "Single sign-on" });
    const stale = await call(item.PATCH, "PATCH", `/api/v1/roadmap/${id}`, { key, params, body: { title: "Mine" }, headers: { "If-Match": read.headers.get("etag")! } });
    expectError(stale, 412, "PRECONDITION_FAILED");
    expect((await call(item.DELETE, "DELETE", `/api/v1/roadmap/${id}`, { key, params })).json.data).toEqual({ id });
    expectError(await call(item.GET, "GET", `/api/v1/roadmap/${id}`, { key, params }), 404, "NOT_FOUND");
  });
});

describe("POST /api/v1/roadmap/{id}/move", () => {
  itChecksKeys({ handler: move.POST, method: "POST", path: "/api/v1/roadmap/x/move", scope: "roadmap:write", request: () => ({ params: { id: "r_none" }, body: { stage: "planned", beforeId: null } }) });

  it("200 moves across columns and above another item; 409 when the anchor is not in that column", async () => {
    const { key } = await setup();
    const a = (await create(key, { title: "A", stage: "in_progress" })).json.data.id;
    const b = (await create(key, { title: "B" })).json.data.id;
    const moved = await call(move.POST, "POST", `/api/v1/roadmap/${b}/move`, { key, params: { id: b }, body: { stage: "in_progress", beforeId: a } });
    expect(moved.status).toBe(200);
    expect(moved.json.data).toMatchObject({ id: b, stage: "in_progress", position: 0 });
    const c = (await create(key, { title: "C" })).json.data.id;
    expectError(await call(move.POST, "POST", `/api/v1/roadmap/${a}/move`, { key, params: { id: a }, body: { stage: "completed", beforeId: c } }), 409, "CONFLICT");
  });
});

describe("POST /api/v1/roadmap/{id}/posts and DELETE …/posts/{postId}", () => {
  itChecksKeys({ handler: links.POST, method: "POST", path: "/api/v1/roadmap/x/posts", scope: "roadmap:write", request: () => ({ params: { id: "r_none" }, body: { postId: "p_none" } }) });

  it("a member links and unlinks a post (post.updated each time); unlinking from another item is 404", async () => {
    const { tenant, key } = await setup();
    const board = await seedBoard(tenant.workspace.id);
    const post = await db.post.create({ data: { workspaceId: tenant.workspace.id, boardId: board.id, title: "Wanted" } });
    const itemId = (await create(key, { title: "SSO" })).json.data.id;
    const other = (await create(key, { title: "Other" })).json.data.id;
    const member = await tenant.member("MEMBER");
    const memberKey = await tenant.key(["roadmap:write"], { creatorId: member.id });
    const linked = await call(links.POST, "POST", `/api/v1/roadmap/${itemId}/posts`, { key: memberKey, params: { id: itemId }, body: { postId: post.id } });
    expect(linked.status).toBe(200);
    expect(linked.json.data).toMatchObject({ id: post.id, roadmapItemId: itemId });
    expectError(await call(link.DELETE, "DELETE", `/api/v1/roadmap/${other}/posts/${post.id}`, { key: memberKey, params: { id: other, postId: post.id } }), 404, "NOT_FOUND");
    const unlinked = await call(link.DELETE, "DELETE", `/api/v1/roadmap/${itemId}/posts/${post.id}`, { key: memberKey, params: { id: itemId, postId: post.id } });
    expect(unlinked.json.data).toMatchObject({ id: post.id, roadmapItemId: null });
    expect(await db.event.count({ where: { workspaceId: tenant.workspace.id, type: "post.updated" } })).toBe(2);
    expectError(await call(links.POST, "POST", `/api/v1/roadmap/r_missing/posts`, { key, params: { id: "r_missing" }, body: { postId: post.id } }), 404, "NOT_FOUND");
  });
});

describe("key checks of GET and DELETE /roadmap/{id} and DELETE /roadmap/{id}/posts/{postId}", () => {
  itChecksKeys({ handler: item.GET, method: "GET", path: "/api/v1/roadmap/x", scope: "roadmap:read", request: () => ({ params: { id: "r_none" } }) });
  itChecksKeys({ handler: item.DELETE, method: "DELETE", path: "/api/v1/roadmap/x", scope: "roadmap:write", request: () => ({ params: { id: "r_none" } }) });
  itChecksKeys({ handler: link.DELETE, method: "DELETE", path: "/api/v1/roadmap/x/posts/y", scope: "roadmap:write", request: () => ({ params: { id: "r_none", postId: "p_none" } }) });
});
