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
// by the address their token gave; never an SSO user of another workspace.

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

  it("a comment by externalId; an unknown externalId is 404 naming it; both or neither of email and externalId is 400", async () => {
    const { post, userId, key } = await setup();
    const ok = await call(comments.POST, "POST", commentsPath(post.id), { key, params: { id: post.id }, body: { body: "Needed", author: { externalId: "crm-42" } } });
    expect(ok.json.data).toMatchObject({ authorId: userId });
    const unknown = await call(comments.POST, "POST", commentsPath(post.id), { key, params: { id: post.id }, body: { body: "Hi", author: { externalId: "crm-nope" } } });
    expectError(unknown, 404, "NOT_FOUND");
    expect(unknown.json.details).toEqual([expect.objectContaining({ path: "externalId" })]);
    expectValidationError(await call(votes.POST, "POST", votesPath(post.id), { key, params: { id: post.id }, body: { email: "ada@customer.test", externalId: "crm-42" } }), "externalId");
    expectValidationError(await call(votes.POST, "POST", votesPath(post.id), { key, params: { id: post.id }, body: {} }), "email");
    expectValidationError(await call(votes.POST, "POST", votesPath(post.id), { key, params: { id: post.id }, body: { externalId: "a\u0000b" } }), "externalId");
  });

  it("another workspace's SSO user is never found, by id or by address", async () => {
    const a = await setup();
    const b = await setup();
    // Both have a crm-42: each key reaches its own workspace's.
    expect((await call(votes.POST, "POST", votesPath(a.post.id), { key: a.key, params: { id: a.post.id }, body: { externalId: "crm-42" } })).json.data.userId).toBe(a.userId);
    expect((await call(votes.POST, "POST", votesPath(b.post.id), { key: b.key, params: { id: b.post.id }, body: { externalId: "crm-42" } })).json.data.userId).toBe(b.userId);
    const other = await seedTenant();
    const otherSecret = await enableSso(other);
    await ssoUser(other, otherSecret, { id: "only-there", email: "only@there.test" });
    expectError(await call(votes.POST, "POST", votesPath(b.post.id), { key: b.key, params: { id: b.post.id }, body: { externalId: "only-there" } }), 404, "NOT_FOUND");
    expectError(await call(votes.POST, "POST", votesPath(b.post.id), { key: b.key, params: { id: b.post.id }, body: { email: "only@there.test" } }), 404, "NOT_FOUND");
  });

  it("bulk: votes and comments by externalId, an unknown one named by its item, nothing written", async () => {
    const { post, userId, key } = await setup();
    const account = await createTestUser("jane");
    const ok = await call(votesBulk.POST, "POST", "/api/v1/votes/bulk", { key, body: { items: [{ postId: post.id, externalId: "crm-42" }, { postId: post.id, email: account.email }] } });
    expect(ok.status).toBe(200);
    expect(ok.json.data.map((item: { userId: string }) => item.userId)).toEqual([userId, account.id]);
    const bad = await call(commentsBulk.POST, "POST", "/api/v1/comments/bulk", {
      key,
      body: { items: [{ postId: post.id, body: "One", author: { externalId: "crm-42" } }, { postId: post.id, body: "Two", author: { externalId: "ghost" } }] },
    });
    expectError(bad, 404, "NOT_FOUND");
    expect(bad.json.details).toEqual([expect.objectContaining({ path: "items.1.author.externalId" })]);
    expect(await db.comment.count({ where: { postId: post.id } })).toBe(0);
  });
});
