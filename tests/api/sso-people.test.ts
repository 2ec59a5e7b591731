import { describe, expect, it } from "vitest";
import * as comments from "@/app/api/v1/posts/[id]/comments/route";
import * as votes from "@/app/api/v1/posts/[id]/votes/route";
import * as votesBulk from "@/app/api/v1/votes/bulk/route";
import * as commentsBulk from "@/app/api/v1/comments/bulk/route";
import { signInSsoUser } from "@/lib/domain/sso/sign-in-sso-user";
import { verifySsoToken } from "@/lib/domain/sso/verify-sso-token";
import { db } from "@/lib/platform/db/client";
import { call, createTestUser, seedBoard, seedTenant, type Tenant } from "../support/api";
import { expectError, expectValidationError } from "../support/endpoint-checklist";
import { enableSso, signSsoToken } from "../support/sso";

// Votes and comments on behalf of the workspace's SSO users: by the customer's id (externalId) or
// by the address their token gave; a new customer id gets its SSO user with the write; never an SSO
// user of another workspace.

async function ssoUser(tenant: Tenant, secret: string, claims: Record<string, unknown>) {
  const verified = await verifySsoToken(tenant.workspace.id, await signSsoToken(secret, claims));
  if (!verified.ok) throw new Error(verified.reason);
  return (await signInSsoUser(tenant.workspace.id, verified.claims)).userId;
}

async function setup() {
  const tenant = await seedTenant();
  const secret = await enableSso(tenant);
  const board = await seedBoard(tenant.workspace.id);
  const post = await db.post.create({ data: { workspaceId: tenant.workspace.id, boardId: board.id, title: "Dark mode" } });
  const userId = await ssoUser(tenant, secret, { id: "crm-42", email: "ada@customer.test", name: "Ada" });
  return { tenant, secret, post, userId, key: await tenant.key(["posts:write", "posts:read"]) };
}

const votesPath = (id: string) => `/api/v1/posts/${id}/votes`;
const commentsPath = (id: string) => `/api/v1/posts/${id}/comments`;

describe("votes and comments for SSO users", () => {
  it("a vote by externalId is the SSO user's; sent again it is still one; withdrawn by ?externalId=", async () => {
    const { post, userId, key } = await setup();
    const add = () => call(votes.POST, "POST", votesPath(post.id), { key, params: { id: post.id }, body: { externalId: "crm-42" } });
    expect((await add()).json.data).toEqual({ postId: post.id, userId, voted: true, voteCount: 1 });
    expect((await add()).json.data).toEqual({ postId: post.id, userId, voted: true, voteCount: 1 });
    const removed = await call(votes.DELETE, "DELETE", votesPath(post.id), { key, params: { id: post.id }, query: { externalId: "crm-42" } });
    expect(removed.json.data).toEqual({ postId: post.id, userId, voted: false, voteCount: 0 });
  });

  it("by email, this workspace's SSO user comes before an account of the same address", async () => {
    const { post, userId, key } = await setup();
    await db.user.create({ data: { email: "ada@customer.test", name: "Ada's own account" } });
    const result = await call(comments.POST, "POST", commentsPath(post.id), { key, params: { id: post.id }, body: { body: "Yes please", author: { email: "ADA@customer.test" } } });
    expect(result.status).toBe(201);
    expect(result.json.data).toMatchObject({ authorId: userId, isTeamReply: false });
  });

  it("a comment by externalId; both or neither of email and externalId is 400 naming the field", async () => {
    const { post, userId, key } = await setup();
    const ok = await call(comments.POST, "POST", commentsPath(post.id), { key, params: { id: post.id }, body: { body: "Needed", author: { externalId: "crm-42" } } });
    expect(ok.json.data).toMatchObject({ authorId: userId });
    expectValidationError(await call(votes.POST, "POST", votesPath(post.id), { key, params: { id: post.id }, body: { email: "ada@customer.test", externalId: "crm-42" } }), "externalId");
    expectValidationError(await call(votes.POST, "POST", votesPath(post.id), { key, params: { id: post.id }, body: {} }), "email");
    expectValidationError(await call(comments.POST, "POST", commentsPath(post.id), { key, params: { id: post.id }, body: { body: "Hi", author: {} } }), "author.email");
    expectValidationError(await call(votes.POST, "POST", votesPath(post.id), { key, params: { id: post.id }, body: { externalId: "a\u0000b" } }), "externalId");
  });

  it("a new externalId gets this workspace's SSO user with the vote or comment, never a member; their first SSO sign-in lands on it", async () => {
    const { tenant, secret, post, key } = await setup();
    const vote = await call(votes.POST, "POST", votesPath(post.id), { key, params: { id: post.id }, body: { externalId: "crm-new" } });
    expect(vote.status).toBe(200);
    const made = await db.user.findUniqueOrThrow({ where: { ssoWorkspaceId_ssoExternalId: { ssoWorkspaceId: tenant.workspace.id, ssoExternalId: "crm-new" } } });
    expect(vote.json.data).toEqual({ postId: post.id, userId: made.id, voted: true, voteCount: 1 });
    expect(made).toMatchObject({ name: null, ssoEmail: null, passwordHash: null });
    expect(await db.membership.count({ where: { userId: made.id } })).toBe(0);
    const comment = await call(comments.POST, "POST", commentsPath(post.id), { key, params: { id: post.id }, body: { body: "Me too", author: { externalId: "crm-new" } } });
    expect(comment.json.data).toMatchObject({ authorId: made.id, isTeamReply: false });
    expect(await ssoUser(tenant, secret, { id: "crm-new", email: "new@customer.test", name: "Newt" })).toBe(made.id);
    expect(await db.user.findUniqueOrThrow({ where: { id: made.id } })).toMatchObject({ name: "Newt", ssoEmail: "new@customer.test" });
  });

  it("20 concurrent first votes by one new externalId make one SSO user and one vote", async () => {
    const { tenant, post, key } = await setup();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call(votes.POST, "POST", votesPath(post.id), { key, params: { id: post.id }, body: { externalId: "crm-race" } })),
    );
    expect(results.map((result) => result.status)).toEqual(Array(20).fill(200));
    const made = await db.user.findMany({ where: { ssoWorkspaceId: tenant.workspace.id, ssoExternalId: "crm-race" } });
    expect(made).toHaveLength(1);
    expect(new Set(results.map((result) => result.json.data.userId))).toEqual(new Set([made[0]!.id]));
    expect(await db.vote.count({ where: { postId: post.id } })).toBe(1);
  });

  it("a refused write makes nobody: a merged post, a deleted post; withdrawing by an unknown externalId is 404", async () => {
    const { tenant, post, key } = await setup();
    const target = await db.post.create({ data: { workspaceId: tenant.workspace.id, boardId: post.boardId, title: "Target" } });
    await db.post.update({ where: { id: post.id }, data: { mergedIntoId: target.id, status: "closed" } });
    expectError(await call(votes.POST, "POST", votesPath(post.id), { key, params: { id: post.id }, body: { externalId: "crm-x" } }), 409, "CONFLICT");
    expectError(await call(comments.POST, "POST", commentsPath("p_gone"), { key, params: { id: "p_gone" }, body: { body: "Hi", author: { externalId: "crm-x" } } }), 404, "NOT_FOUND");
    const withdrawn = await call(votes.DELETE, "DELETE", votesPath(target.id), { key, params: { id: target.id }, query: { externalId: "crm-x" } });
    expectError(withdrawn, 404, "NOT_FOUND");
    expect(withdrawn.json.details).toEqual([expect.objectContaining({ path: "externalId" })]);
    expect(await db.user.count({ where: { ssoWorkspaceId: tenant.workspace.id, ssoExternalId: "crm-x" } })).toBe(0);
  });

  it("another workspace's SSO user is never found, by id or by address", async () => {
    const a = await setup();
    const b = await setup();
    // Both have a crm-42: each key reaches its own workspace's.
    expect((await call(votes.POST, "POST", votesPath(a.post.id), { key: a.key, params: { id: a.post.id }, body: { externalId: "crm-42" } })).json.data.userId).toBe(a.userId);
    expect((await call(votes.POST, "POST", votesPath(b.post.id), { key: b.key, params: { id: b.post.id }, body: { externalId: "crm-42" } })).json.data.userId).toBe(b.userId);
    const other = await seedTenant();
    const otherSecret = await enableSso(other);
    const theirs = await ssoUser(other, otherSecret, { id: "only-there", email: "only@there.test" });
    // The same id here is b's own customer: a user of b's, never the other workspace's.
    const ours = await call(votes.POST, "POST", votesPath(b.post.id), { key: b.key, params: { id: b.post.id }, body: { externalId: "only-there" } });
    expect(ours.json.data.userId).not.toBe(theirs);
    expect(await db.user.findUniqueOrThrow({ where: { id: ours.json.data.userId } })).toMatchObject({ ssoWorkspaceId: b.tenant.workspace.id });
    expectError(await call(votes.POST, "POST", votesPath(b.post.id), { key: b.key, params: { id: b.post.id }, body: { email: "only@there.test" } }), 404, "NOT_FOUND");
  });

  it("bulk: votes and comments by externalId, new ids made with the batch; a bad item elsewhere writes nothing and makes nobody", async () => {
    const { tenant, post, userId, key } = await setup();
    const account = await createTestUser("jane");
    const ok = await call(votesBulk.POST, "POST", "/api/v1/votes/bulk", {
      key,
      body: { items: [{ postId: post.id, externalId: "crm-42" }, { postId: post.id, email: account.email }, { postId: post.id, externalId: "crm-bulk" }, { postId: post.id, externalId: "crm-bulk" }] },
    });
    expect(ok.status).toBe(200);
    const made = await db.user.findUniqueOrThrow({ where: { ssoWorkspaceId_ssoExternalId: { ssoWorkspaceId: tenant.workspace.id, ssoExternalId: "crm-bulk" } } });
    expect(ok.json.data.map((item: { userId: string }) => item.userId)).toEqual([userId, account.id, made.id, made.id]);
    expect(await db.vote.count({ where: { postId: post.id } })).toBe(3);
    const bad = await call(commentsBulk.POST, "POST", "/api/v1/comments/bulk", {
      key,
      body: { items: [{ postId: post.id, body: "One", author: { externalId: "crm-later" } }, { postId: post.id, body: "Two", author: { email: "nobody@nowhere.test" } }] },
    });
    expectError(bad, 404, "NOT_FOUND");
    expect(bad.json.details).toEqual([expect.objectContaining({ path: "items.1.author.email" })]);
    const merged = await db.post.create({ data: { workspaceId: tenant.workspace.id, boardId: post.boardId, title: "Gone", mergedIntoId: post.id, status: "closed" } });
    const conflict = await call(votesBulk.POST, "POST", "/api/v1/votes/bulk", { key, body: { items: [{ postId: post.id, externalId: "crm-later" }, { postId: merged.id, externalId: "crm-later" }] } });
    expectError(conflict, 409, "CONFLICT");
    expect(await db.comment.count({ where: { postId: post.id } })).toBe(0);
    expect(await db.user.count({ where: { ssoWorkspaceId: tenant.workspace.id, ssoExternalId: "crm-later" } })).toBe(0);
  });
});
