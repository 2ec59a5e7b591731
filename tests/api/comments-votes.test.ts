import { describe, expect, it } from "vitest";
import * as comments from "@/app/api/v1/posts/[id]/comments/route";
import * as votes from "@/app/api/v1/posts/[id]/votes/route";
import * as comment from "@/app/api/v1/comments/[id]/route";
import { db } from "@/lib/platform/db/client";
import { call, createTestUser, seedBoard, seedTenant } from "../support/api";
import { expectError, expectValidationError, itChecksKeys } from "../support/endpoint-checklist";

async function setup() {
  const tenant = await seedTenant();
  const board = await seedBoard(tenant.workspace.id, { isPublic: false });
  const post = await db.post.create({ data: { workspaceId: tenant.workspace.id, boardId: board.id, title: "SSO" } });
  const customer = await createTestUser("customer");
  return { tenant, board, post, customer, key: await tenant.key(["posts:write", "posts:read"]) };
}

const commentsPath = (id: string) => `/api/v1/posts/${id}/comments`;
const votesPath = (id: string) => `/api/v1/posts/${id}/votes`;

describe("POST /api/v1/posts/{id}/comments", () => {
  itChecksKeys({
    handler: comments.POST,
    method: "POST",
    path: "/api/v1/posts/x/comments",
    scope: "posts:write",
    request: async (tenant) => {
      const board = await seedBoard(tenant.workspace.id);
      const post = await db.post.create({ data: { workspaceId: tenant.workspace.id, boardId: board.id, title: "x" } });
      return { params: { id: post.id }, body: { body: "Hello" } };
    },
  });

  it("201 as the team by default, on a private board; records comment.created", async () => {
    const { tenant, post, key } = await setup();
    const result = await call(comments.POST, "POST", commentsPath(post.id), { key, params: { id: post.id }, body: { body: "We are on it." } });
    expect(result.status).toBe(201);
    expect(result.json.data).toMatchObject({ postId: post.id, authorId: tenant.owner.id, isTeamReply: true, body: "We are on it.", commentCount: 1 });
    expect(await db.event.count({ where: { workspaceId: tenant.workspace.id, type: "comment.created" } })).toBe(1);
  });

  it("201 on behalf of a person named by email (any case), as their own comment", async () => {
    const { post, customer, key } = await setup();
    const result = await call(comments.POST, "POST", commentsPath(post.id), { key, params: { id: post.id }, body: { body: "Need this", author: { email: customer.email.toUpperCase() } } });
    expect(result.status).toBe(201);
    expect(result.json.data).toMatchObject({ authorId: customer.id, isTeamReply: false });
  });

  it("404 naming email for an address without an account; 400 for an empty or NUL body; nothing written", async () => {
    const { post, key } = await setup();
    const unknown = await call(comments.POST, "POST", commentsPath(post.id), { key, params: { id: post.id }, body: { body: "Hi", author: { email: "nobody@example.test" } } });
    expectError(unknown, 404, "NOT_FOUND");
    expect(unknown.json.details).toEqual([expect.objectContaining({ path: "email" })]);
    expectValidationError(await call(comments.POST, "POST", commentsPath(post.id), { key, params: { id: post.id }, body: { body: "" } }), "body");
    expectValidationError(await call(comments.POST, "POST", commentsPath(post.id), { key, params: { id: post.id }, body: { body: "a\u0000b" } }), "body");
    expect(await db.comment.count({ where: { postId: post.id } })).toBe(0);
  });

  it("409 on a merged post, 404 on a deleted one", async () => {
    const { tenant, board, post, key } = await setup();
    const target = await db.post.create({ data: { workspaceId: tenant.workspace.id, boardId: board.id, title: "Target" } });
    await db.post.update({ where: { id: post.id }, data: { mergedIntoId: target.id, status: "closed" } });
    expectError(await call(comments.POST, "POST", commentsPath(post.id), { key, params: { id: post.id }, body: { body: "Late" } }), 409, "CONFLICT");
    await db.post.delete({ where: { id: target.id } });
    expectError(await call(comments.POST, "POST", commentsPath(target.id), { key, params: { id: target.id }, body: { body: "Gone" } }), 404, "NOT_FOUND");
  });

  it("a replay with the same Idempotency-Key writes one comment", async () => {
    const { post, key } = await setup();
    const send = () => call(comments.POST, "POST", commentsPath(post.id), { key, params: { id: post.id }, body: { body: "Once" }, headers: { "Idempotency-Key": "c-1" } });
    const first = await send();
    const second = await send();
    expect(second.json).toEqual(first.json);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await db.comment.count({ where: { postId: post.id } })).toBe(1);
  });
});

describe("POST and DELETE /api/v1/posts/{id}/votes", () => {
  itChecksKeys({
    handler: votes.POST,
    method: "POST",
    path: "/api/v1/posts/x/votes",
    scope: "posts:write",
    request: async (tenant) => {
      const board = await seedBoard(tenant.workspace.id);
      const post = await db.post.create({ data: { workspaceId: tenant.workspace.id, boardId: board.id, title: "x" } });
      return { params: { id: post.id }, body: { email: tenant.owner.email } };
    },
  });

  it("a vote for a person twice is one vote; withdrawing it twice is no error; events for real changes only", async () => {
    const { tenant, post, customer, key } = await setup();
    const add = () => call(votes.POST, "POST", votesPath(post.id), { key, params: { id: post.id }, body: { email: customer.email } });
    const first = await add();
    expect(first.status).toBe(200);
    expect(first.json.data).toEqual({ postId: post.id, userId: customer.id, voted: true, voteCount: 1 });
    expect((await add()).json.data).toEqual({ postId: post.id, userId: customer.id, voted: true, voteCount: 1 });
    expect(await db.vote.count({ where: { postId: post.id } })).toBe(1);

    const remove = () => call(votes.DELETE, "DELETE", votesPath(post.id), { key, params: { id: post.id }, query: { email: customer.email } });
    expect((await remove()).json.data).toEqual({ postId: post.id, userId: customer.id, voted: false, voteCount: 0 });
    expect((await remove()).json.data).toMatchObject({ voted: false, voteCount: 0 });
    expect(await db.event.count({ where: { workspaceId: tenant.workspace.id, type: { in: ["vote.created", "vote.deleted"] } } })).toBe(2);
  });

  it("20 concurrent votes for one person count once", async () => {
    const { post, customer, key } = await setup();
    await Promise.all(Array.from({ length: 20 }, () => call(votes.POST, "POST", votesPath(post.id), { key, params: { id: post.id }, body: { email: customer.email } })));
    expect((await db.post.findUniqueOrThrow({ where: { id: post.id } })).voteCount).toBe(1);
  });

  it("409 on a merged post; 404 for another workspace's post or an unknown person; 400 for a malformed email", async () => {
    const { tenant, board, post, customer, key } = await setup();
    const target = await db.post.create({ data: { workspaceId: tenant.workspace.id, boardId: board.id, title: "Target" } });
    await db.post.update({ where: { id: post.id }, data: { mergedIntoId: target.id, status: "closed" } });
    expectError(await call(votes.POST, "POST", votesPath(post.id), { key, params: { id: post.id }, body: { email: customer.email } }), 409, "CONFLICT");
    const other = await setup();
    expectError(await call(votes.POST, "POST", votesPath(other.post.id), { key, params: { id: other.post.id }, body: { email: customer.email } }), 404, "NOT_FOUND");
    expectError(await call(votes.POST, "POST", votesPath(target.id), { key, params: { id: target.id }, body: { email: "ghost@example.test" } }), 404, "NOT_FOUND");
    expectValidationError(await call(votes.POST, "POST", votesPath(target.id), { key, params: { id: target.id }, body: { email: "not-an-email" } }), "email");
    expectValidationError(await call(votes.DELETE, "DELETE", votesPath(target.id), { key, params: { id: target.id }, query: {} }), "email");
  });
});

describe("PATCH and DELETE /api/v1/comments/{id}", () => {
  async function withComment() {
    const ctx = await setup();
    const created = await db.comment.create({ data: { workspaceId: ctx.tenant.workspace.id, postId: ctx.post.id, authorId: ctx.customer.id, body: "Spam" } });
    await db.post.update({ where: { id: ctx.post.id }, data: { commentCount: 1 } });
    return { ...ctx, comment: created };
  }

  itChecksKeys({
    handler: comment.PATCH,
    method: "PATCH",
    path: "/api/v1/comments/x",
    scope: "posts:write",
    request: () => ({ params: { id: "c_none" }, body: { hidden: true } }),
  });

  it("200 hides and shows it again, recording comment.hidden on each real change; the post's count follows", async () => {
    const { tenant, post, comment: row, key } = await withComment();
    const hide = () => call(comment.PATCH, "PATCH", `/api/v1/comments/${row.id}`, { key, params: { id: row.id }, body: { hidden: true } });
    const hidden = await hide();
    expect(hidden.status).toBe(200);
    expect(hidden.json.data.hiddenAt).toEqual(expect.any(String));
    await hide();
    expect((await db.post.findUniqueOrThrow({ where: { id: post.id } })).commentCount).toBe(0);
    const shown = await call(comment.PATCH, "PATCH", `/api/v1/comments/${row.id}`, { key, params: { id: row.id }, body: { hidden: false } });
    expect(shown.json.data).toEqual({ id: row.id, hiddenAt: null });
    expect(await db.event.count({ where: { workspaceId: tenant.workspace.id, type: "comment.hidden" } })).toBe(2);
  });

  it("403 FORBIDDEN for a key whose creator is a member (moderation is for admins), nothing changed", async () => {
    const { tenant, comment: row } = await withComment();
    const member = await tenant.member("MEMBER");
    const key = await tenant.key(["posts:write"], { creatorId: member.id });
    expectError(await call(comment.PATCH, "PATCH", `/api/v1/comments/${row.id}`, { key, params: { id: row.id }, body: { hidden: true } }), 403, "FORBIDDEN");
    expectError(await call(comment.DELETE, "DELETE", `/api/v1/comments/${row.id}`, { key, params: { id: row.id } }), 403, "FORBIDDEN");
    expect((await db.comment.findUniqueOrThrow({ where: { id: row.id } })).hiddenAt).toBeNull();
  });

  it("DELETE 200 removes it with comment.deleted; then 404", async () => {
    const { tenant, comment: row, key } = await withComment();
    const deleted = await call(comment.DELETE, "DELETE", `/api/v1/comments/${row.id}`, { key, params: { id: row.id } });
    expect(deleted.json.data).toEqual({ id: row.id, deleted: true });
    expect(await db.event.count({ where: { workspaceId: tenant.workspace.id, type: "comment.deleted" } })).toBe(1);
    expectError(await call(comment.DELETE, "DELETE", `/api/v1/comments/${row.id}`, { key, params: { id: row.id } }), 404, "NOT_FOUND");
  });
});

describe("key checks of DELETE /posts/{id}/votes and DELETE /comments/{id}", () => {
  itChecksKeys({ handler: votes.DELETE, method: "DELETE", path: "/api/v1/posts/x/votes", scope: "posts:write", request: () => ({ params: { id: "p_none" }, query: { email: "a@example.test" } }) });
  itChecksKeys({ handler: comment.DELETE, method: "DELETE", path: "/api/v1/comments/x", scope: "posts:write", request: () => ({ params: { id: "c_none" } }) });
});
