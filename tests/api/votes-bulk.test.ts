import { describe, expect, it } from "vitest";
import * as bulk from "@/app/api/v1/votes/bulk/route";
import { db } from "@/lib/platform/db/client";
import { call, createTestUser, seedBoard, seedTenant } from "../support/api";
import { expectError, expectValidationError, itChecksKeys } from "../support/endpoint-checklist";

const PATH = "/api/v1/votes/bulk";

async function setup() {
  const tenant = await seedTenant();
  const board = await seedBoard(tenant.workspace.id, { isPublic: false });
  const post = await db.post.create({ data: { workspaceId: tenant.workspace.id, boardId: board.id, title: "SSO" } });
  const other = await db.post.create({ data: { workspaceId: tenant.workspace.id, boardId: board.id, title: "Exports" } });
  const jane = await createTestUser("jane");
  const raj = await createTestUser("raj");
  return { tenant, board, post, other, jane, raj, key: await tenant.key(["posts:write"]) };
}

const send = (key: string, items: unknown[], headers: Record<string, string> = {}) => call(bulk.POST, "POST", PATH, { key, body: { items }, headers });

describe("POST /api/v1/votes/bulk", () => {
  itChecksKeys({
    handler: bulk.POST,
    method: "POST",
    path: PATH,
    scope: "posts:write",
    request: async (tenant) => {
      const board = await seedBoard(tenant.workspace.id);
      const post = await db.post.create({ data: { workspaceId: tenant.workspace.id, boardId: board.id, title: "x" } });
      return { body: { items: [{ postId: post.id, email: tenant.owner.email }] } };
    },
  });

  it("200 records every vote in the order sent, on a private board, each with its vote.created event", async () => {
    const { tenant, post, other, jane, raj, key } = await setup();
    const result = await send(key, [
      { postId: post.id, email: jane.email },
      { postId: other.id, email: jane.email.toUpperCase() },
      { postId: post.id, email: raj.email },
    ]);
    expect(result.status).toBe(200);
    expect(result.json.data).toEqual([
      { postId: post.id, userId: jane.id, voted: true, voteCount: 1 },
      { postId: other.id, userId: jane.id, voted: true, voteCount: 1 },
      { postId: post.id, userId: raj.id, voted: true, voteCount: 2 },
    ]);
    expect((await db.post.findUniqueOrThrow({ where: { id: post.id } })).voteCount).toBe(2);
    expect(await db.vote.count({ where: { workspaceId: tenant.workspace.id } })).toBe(3);
    expect(await db.event.count({ where: { workspaceId: tenant.workspace.id, type: "vote.created" } })).toBe(3);
  });

  it("a vote twice in the batch, or already recorded, is one vote and one event", async () => {
    const { tenant, post, other, jane, raj, key } = await setup();
    expect((await send(key, [{ postId: other.id, email: raj.email }])).status).toBe(200);
    const result = await send(key, [
      { postId: post.id, email: jane.email },
      { postId: post.id, email: jane.email },
      { postId: other.id, email: raj.email },
    ]);
    expect(result.status).toBe(200);
    expect(result.json.data.map((vote: { voteCount: number }) => vote.voteCount)).toEqual([1, 1, 1]);
    expect(await db.vote.count({ where: { workspaceId: tenant.workspace.id } })).toBe(2);
    expect((await db.post.findUniqueOrThrow({ where: { id: post.id } })).voteCount).toBe(1);
    expect(await db.event.count({ where: { workspaceId: tenant.workspace.id, type: "vote.created" } })).toBe(2);
  });

  it("one bad item refuses the batch, naming it; nothing is written", async () => {
    const { tenant, post, jane, key } = await setup();
    expectValidationError(await send(key, [{ postId: post.id, email: jane.email }, { postId: post.id, email: "not an address" }]), "items.1.email");
    const unknown = await send(key, [{ postId: post.id, email: jane.email }, { postId: post.id, email: jane.email }, { postId: "p_missing", email: jane.email }, { postId: post.id, email: "nobody@example.test" }]);
    expectError(unknown, 404, "NOT_FOUND");
    expect(unknown.json.details.map((detail: { path: string }) => detail.path)).toEqual(["items.2.postId", "items.3.email"]);
    expect(await db.vote.count({ where: { workspaceId: tenant.workspace.id } })).toBe(0);
    expect(await db.event.count({ where: { workspaceId: tenant.workspace.id } })).toBe(0);
  });

  it("409 naming the item for a merged post, 404 for a deleted one or another workspace's; nothing is written", async () => {
    const { tenant, post, other, jane, key } = await setup();
    await db.post.update({ where: { id: other.id }, data: { mergedIntoId: post.id, status: "closed" } });
    const merged = await send(key, [{ postId: post.id, email: jane.email }, { postId: other.id, email: jane.email }]);
    expectError(merged, 409, "CONFLICT");
    expect(merged.json.details).toEqual([expect.objectContaining({ path: "items.1.postId" })]);
    const foreign = await seedTenant();
    const theirs = await db.post.create({ data: { workspaceId: foreign.workspace.id, boardId: (await seedBoard(foreign.workspace.id)).id, title: "Theirs" } });
    const elsewhere = await send(key, [{ postId: post.id, email: jane.email }, { postId: theirs.id, email: jane.email }]);
    expectError(elsewhere, 404, "NOT_FOUND");
    expect(elsewhere.json.details).toEqual([expect.objectContaining({ path: "items.1.postId" })]);
    expect(await db.vote.count({ where: { postId: { in: [post.id, theirs.id] } } })).toBe(0);
    expect(await db.event.count({ where: { workspaceId: tenant.workspace.id } })).toBe(0);
  });

  it("400 for an empty batch, more than 100 items, or an unknown field", async () => {
    const { post, jane, key } = await setup();
    expectValidationError(await send(key, []), "items");
    expectValidationError(await send(key, Array.from({ length: 101 }, () => ({ postId: post.id, email: jane.email }))), "items");
    expectValidationError(await send(key, [{ postId: post.id, email: jane.email, weight: 2 }]), "items.0.weight");
    expectValidationError(await send(key, [{ postId: post.id, email: jane.email, voted: "no" }]), "items.0.voted");
  });

  it("voted: false withdraws in the same batch: adds and withdrawals together, each recorded once with its event", async () => {
    const { tenant, post, other, jane, raj, key } = await setup();
    expect((await send(key, [{ postId: post.id, email: jane.email }, { postId: other.id, email: raj.email }])).status).toBe(200);
    const result = await send(key, [
      { postId: post.id, email: jane.email, voted: false },
      { postId: other.id, email: raj.email, voted: false },
      { postId: other.id, email: raj.email, voted: false },
      { postId: post.id, email: raj.email, voted: true },
      { postId: post.id, externalId: "crm-881", voted: true },
    ]);
    expect(result.status).toBe(200);
    expect(result.json.data.map((vote: { voted: boolean }) => vote.voted)).toEqual([false, false, false, true, true]);
    expect(await db.vote.findMany({ where: { workspaceId: tenant.workspace.id }, select: { postId: true, userId: true } })).toHaveLength(2);
    expect(await db.vote.count({ where: { userId: jane.id } })).toBe(0);
    expect((await db.post.findUniqueOrThrow({ where: { id: post.id } })).voteCount).toBe(2);
    expect((await db.post.findUniqueOrThrow({ where: { id: other.id } })).voteCount).toBe(0);
    expect(await db.event.count({ where: { workspaceId: tenant.workspace.id, type: "vote.deleted" } })).toBe(2);
  });

  it("withdrawing makes nobody: an unknown address or a new externalId with voted: false is a 404 naming the item, and nothing is written", async () => {
    const { tenant, post, jane, key } = await setup();
    expect((await send(key, [{ postId: post.id, email: jane.email }])).status).toBe(200);
    const refused = await send(key, [
      { postId: post.id, email: jane.email, voted: false },
      { postId: post.id, externalId: "crm-never-seen", voted: false },
      { postId: post.id, email: "nobody@example.test", voted: false },
    ]);
    expectError(refused, 404, "NOT_FOUND");
    expect(refused.json.details.map((detail: { path: string }) => detail.path)).toEqual(["items.1.externalId", "items.2.email"]);
    expect(await db.vote.count({ where: { postId: post.id, userId: jane.id } })).toBe(1);
    expect(await db.user.count({ where: { ssoWorkspaceId: tenant.workspace.id } })).toBe(0);
  });

  it("100 votes at once are all recorded", async () => {
    const { tenant, board, jane, key } = await setup();
    await db.post.createMany({ data: Array.from({ length: 100 }, (_, i) => ({ workspaceId: tenant.workspace.id, boardId: board.id, title: `p${i}` })) });
    const posts = await db.post.findMany({ where: { workspaceId: tenant.workspace.id, title: { startsWith: "p" } }, select: { id: true } });
    const result = await send(key, posts.map((post) => ({ postId: post.id, email: jane.email })));
    expect(result.status).toBe(200);
    expect(result.json.data.map((vote: { postId: string }) => vote.postId)).toEqual(posts.map((post) => post.id));
    expect(await db.vote.count({ where: { userId: jane.id } })).toBe(100);
  });

  it("a replay with the same Idempotency-Key answers the first result again and records nothing more", async () => {
    const { tenant, post, jane, key } = await setup();
    const first = await send(key, [{ postId: post.id, email: jane.email }], { "Idempotency-Key": "votes-1" });
    expect(first.status).toBe(200);
    await db.vote.deleteMany({ where: { postId: post.id } });
    const replay = await send(key, [{ postId: post.id, email: jane.email }], { "Idempotency-Key": "votes-1" });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.json.data).toEqual(first.json.data);
    expect(await db.vote.count({ where: { postId: post.id } })).toBe(0);
    expect(await db.event.count({ where: { workspaceId: tenant.workspace.id, type: "vote.created" } })).toBe(1);
    expectError(await send(key, [{ postId: post.id, email: tenant.owner.email }], { "Idempotency-Key": "votes-1" }), 422, "IDEMPOTENCY_KEY_REUSED");
  });
});
