import { describe, expect, it } from "vitest";
import * as bulk from "@/app/api/v1/comments/bulk/route";
import { db } from "@/lib/platform/db/client";
import { call, createTestUser, seedBoard, seedTenant } from "../support/api";
import { expectError, expectValidationError, itChecksKeys } from "../support/endpoint-checklist";

const PATH = "/api/v1/comments/bulk";

async function setup() {
  const tenant = await seedTenant();
  const board = await seedBoard(tenant.workspace.id, { isPublic: false });
  const post = await db.post.create({ data: { workspaceId: tenant.workspace.id, boardId: board.id, title: "SSO" } });
  const other = await db.post.create({ data: { workspaceId: tenant.workspace.id, boardId: board.id, title: "Exports" } });
  const customer = await createTestUser("customer");
  return { tenant, board, post, other, customer, key: await tenant.key(["posts:write"]) };
}

const send = (key: string, items: unknown[], headers: Record<string, string> = {}) => call(bulk.POST, "POST", PATH, { key, body: { items }, headers });

describe("POST /api/v1/comments/bulk", () => {
  itChecksKeys({
    handler: bulk.POST,
    method: "POST",
    path: PATH,
    scope: "posts:write",
    request: async (tenant) => {
      const board = await seedBoard(tenant.workspace.id);
      const post = await db.post.create({ data: { workspaceId: tenant.workspace.id, boardId: board.id, title: "x" } });
      return { body: { items: [{ postId: post.id, body: "Hello" }] } };
    },
  });

  it("201 writes the team's replies and people's comments in the order sent, each with its comment.created event", async () => {
    const { tenant, post, other, customer, key } = await setup();
    const result = await send(key, [
      { postId: post.id, body: "We are on it." },
      { postId: other.id, body: "Need this for month-end", author: { email: customer.email.toUpperCase() } },
      { postId: post.id, body: "Me too", author: { email: customer.email } },
    ]);
    expect(result.status).toBe(201);
    expect(result.json.data).toEqual([
      expect.objectContaining({ postId: post.id, authorId: tenant.owner.id, isTeamReply: true, body: "We are on it." }),
      expect.objectContaining({ postId: other.id, authorId: customer.id, isTeamReply: false, commentCount: 1 }),
      expect.objectContaining({ postId: post.id, authorId: customer.id, isTeamReply: false, commentCount: 2 }),
    ]);
    expect((await db.post.findUniqueOrThrow({ where: { id: post.id } })).commentCount).toBe(2);
    expect(await db.comment.count({ where: { workspaceId: tenant.workspace.id } })).toBe(3);
    expect(await db.event.count({ where: { workspaceId: tenant.workspace.id, type: "comment.created" } })).toBe(3);
  });

  it("one bad item refuses the batch, naming it; nothing is written", async () => {
    const { tenant, post, customer, key } = await setup();
    expectValidationError(await send(key, [{ postId: post.id, body: "Fine" }, { postId: post.id, body: "a\u0000b" }]), "items.1.body");
    const unknown = await send(key, [
      { postId: post.id, body: "Fine" },
      { postId: post.id, body: "Hi", author: { email: "nobody@example.test" } },
      { postId: "p_missing", body: "Lost", author: { email: customer.email } },
    ]);
    expectError(unknown, 404, "NOT_FOUND");
    expect(unknown.json.details.map((detail: { path: string }) => detail.path)).toEqual(["items.1.author.email", "items.2.postId"]);
    expect(await db.comment.count({ where: { workspaceId: tenant.workspace.id } })).toBe(0);
    expect(await db.event.count({ where: { workspaceId: tenant.workspace.id } })).toBe(0);
    expect((await db.post.findUniqueOrThrow({ where: { id: post.id } })).commentCount).toBe(0);
  });

  it("409 naming the item for a merged post, 404 for a deleted one; nothing is written", async () => {
    const { tenant, post, other, key } = await setup();
    await db.post.update({ where: { id: other.id }, data: { mergedIntoId: post.id, status: "closed" } });
    const merged = await send(key, [{ postId: post.id, body: "Fine" }, { postId: other.id, body: "Late" }]);
    expectError(merged, 409, "CONFLICT");
    expect(merged.json.details).toEqual([expect.objectContaining({ path: "items.1.postId" })]);
    await db.post.delete({ where: { id: other.id } });
    const deleted = await send(key, [{ postId: post.id, body: "Fine" }, { postId: other.id, body: "Gone" }]);
    expectError(deleted, 404, "NOT_FOUND");
    expect(deleted.json.details).toEqual([expect.objectContaining({ path: "items.1.postId" })]);
    expect(await db.comment.count({ where: { workspaceId: tenant.workspace.id } })).toBe(0);
  });

  it("400 for an empty batch or more than 100 items", async () => {
    const { post, key } = await setup();
    expectValidationError(await send(key, []), "items");
    expectValidationError(await send(key, Array.from({ length: 101 }, () => ({ postId: post.id, body: "x" }))), "items");
  });

  it("a replay with the same Idempotency-Key answers the first result again and writes nothing more", async () => {
    const { tenant, post, key } = await setup();
    const items = [{ postId: post.id, body: "Once" }, { postId: post.id, body: "Twice" }];
    const first = await send(key, items, { "Idempotency-Key": "comments-1" });
    expect(first.status).toBe(201);
    const replay = await send(key, items, { "Idempotency-Key": "comments-1" });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.json.data).toEqual(first.json.data);
    expect(await db.comment.count({ where: { workspaceId: tenant.workspace.id } })).toBe(2);
  });
});
