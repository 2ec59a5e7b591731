import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { V1_ROUTES } from "@/app/api/v1/routes";
import * as mcp from "@/app/api/v1/mcp/route";
import { db } from "@/lib/platform/db/client";
import { createTestUser, seedBoard, seedTenant } from "../support/api";
import { serveRoutes, type RouteServer } from "../support/route-server";

// The write tools the API gained for integrators, called the way an assistant calls them: each
// does what its endpoint does, with the endpoint's scope and the dashboard's role rules.

let server: RouteServer;
const clients: Client[] = [];

beforeAll(async () => {
  const routes = Object.fromEntries(Object.entries(V1_ROUTES).map(([path, module]) => [`/api/v1${path}`, module]));
  server = await serveRoutes({ ...routes, "/api/v1/mcp": mcp });
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  expect(server.problems).toEqual([]);
});
afterAll(() => server.close());

async function connect(key: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/api/v1/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } });
  const client = new Client({ name: "test-client", version: "1.0.0" });
  clients.push(client);
  await client.connect(transport);
  return client;
}

type Envelope = { success: boolean; data?: Record<string, unknown>; code?: string; error?: string };
async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<Envelope> {
  const result = await client.callTool({ name, arguments: args });
  const [first] = result.content as { text: string }[];
  return JSON.parse(first!.text) as Envelope;
}

describe("write tools", () => {
  it("the new tools are listed with the scopes they need: a boards:read key sees no create_board, and calling it names boards:write", async () => {
    const tenant = await seedTenant();
    const full = await connect(await tenant.key("all"));
    const names = (await full.listTools()).tools.map((tool) => tool.name);
    for (const tool of ["create_board", "update_board", "delete_board", "create_comment", "moderate_comment", "delete_comment", "add_vote", "remove_vote", "add_votes", "create_comments", "create_roadmap_item", "move_roadmap_item", "link_roadmap_post", "create_status_component", "reorder_status_components", "schedule_maintenance", "invite_member", "change_member_role", "remove_member", "revoke_invitation", "rename_tag", "delete_tag", "update_release_note", "update_incident", "update_roadmap_item", "delete_roadmap_item", "unlink_roadmap_post", "update_status_component", "delete_status_component", "cancel_maintenance", "end_maintenance"]) {
      expect(names).toContain(tool);
    }
    const readOnly = await connect(await tenant.key(["boards:read"]));
    expect((await readOnly.listTools()).tools.map((tool) => tool.name)).not.toContain("create_board");
    const refused = await callTool(readOnly, "create_board", { name: "Ideas", slug: "ideas" });
    expect(refused).toMatchObject({ success: false, code: "INSUFFICIENT_SCOPES" });
    expect(refused.error).toContain("boards:write");
  });

  it("create_board, then a comment and a vote for a person on a post in it, counted once", async () => {
    const tenant = await seedTenant();
    const customer = await createTestUser("customer");
    const client = await connect(await tenant.key("all"));
    const board = await callTool(client, "create_board", { name: "Ideas", slug: "ideas" });
    expect(board).toMatchObject({ success: true, data: { slug: "ideas" } });
    const post = await callTool(client, "create_post", { boardId: board.data!.id, title: "SSO" });
    const postId = post.data!.id as string;
    const comment = await callTool(client, "create_comment", { id: postId, body: "Our biggest customer needs this", author: { email: customer.email } });
    expect(comment).toMatchObject({ success: true, data: { authorId: customer.id, isTeamReply: false } });
    for (let i = 0; i < 2; i++) expect(await callTool(client, "add_vote", { id: postId, email: customer.email })).toMatchObject({ success: true, data: { voted: true, voteCount: 1 } });
    expect(await callTool(client, "remove_vote", { id: postId, email: customer.email })).toMatchObject({ success: true, data: { voted: false, voteCount: 0 } });
  });

  it("add_votes and create_comments: a batch for people, a duplicate vote counted once, one bad item writes nothing", async () => {
    const tenant = await seedTenant();
    const board = await seedBoard(tenant.workspace.id);
    const post = await db.post.create({ data: { workspaceId: tenant.workspace.id, boardId: board.id, title: "SSO" } });
    const customer = await createTestUser("customer");
    const client = await connect(await tenant.key(["posts:write"]));
    const votes = await callTool(client, "add_votes", { items: [{ postId: post.id, email: customer.email }, { postId: post.id, email: customer.email }, { postId: post.id, email: tenant.owner.email }] });
    expect(votes).toMatchObject({ success: true, data: [{ voteCount: 1 }, { voteCount: 1 }, { voteCount: 2 }] });
    const refused = await callTool(client, "create_comments", { items: [{ postId: post.id, body: "Fine" }, { postId: post.id, body: "Hi", author: { email: "nobody@example.test" } }] });
    expect(refused).toMatchObject({ success: false, code: "NOT_FOUND" });
    expect(refused.error).toBeTruthy();
    expect(await db.comment.count({ where: { postId: post.id } })).toBe(0);
    const comments = await callTool(client, "create_comments", { items: [{ postId: post.id, body: "Fine" }, { postId: post.id, body: "Hi", author: { email: customer.email } }] });
    expect(comments).toMatchObject({ success: true, data: [{ isTeamReply: true }, { authorId: customer.id, isTeamReply: false, commentCount: 2 }] });
  });

  it("add_vote, create_comment and add_votes name a person by externalId; a new id becomes this workspace's SSO user, once", async () => {
    const tenant = await seedTenant();
    const board = await seedBoard(tenant.workspace.id);
    const post = await db.post.create({ data: { workspaceId: tenant.workspace.id, boardId: board.id, title: "SSO" } });
    const client = await connect(await tenant.key(["posts:write"]));
    const vote = await callTool(client, "add_vote", { id: post.id, externalId: "crm-7" });
    expect(vote).toMatchObject({ success: true, data: { voted: true, voteCount: 1 } });
    const comment = await callTool(client, "create_comment", { id: post.id, body: "Please", author: { externalId: "crm-7" } });
    expect(comment).toMatchObject({ success: true, data: { authorId: vote.data!.userId, isTeamReply: false } });
    const batch = await callTool(client, "add_votes", { items: [{ postId: post.id, externalId: "crm-7" }, { postId: post.id, externalId: "crm-8" }] });
    expect(batch).toMatchObject({ success: true, data: [{ userId: vote.data!.userId, voteCount: 1 }, { voteCount: 2 }] });
    expect(await db.user.count({ where: { ssoWorkspaceId: tenant.workspace.id } })).toBe(2);
    expect(await callTool(client, "add_vote", { id: post.id, email: "a@example.test", externalId: "crm-7" })).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
  });

  it("moderate_comment follows the dashboard's rule: a member's key is FORBIDDEN, an admin's hides", async () => {
    const tenant = await seedTenant();
    const board = await seedBoard(tenant.workspace.id);
    const post = await db.post.create({ data: { workspaceId: tenant.workspace.id, boardId: board.id, title: "x" } });
    const comment = await db.comment.create({ data: { workspaceId: tenant.workspace.id, postId: post.id, body: "Spam" } });
    const member = await tenant.member("MEMBER");
    const memberClient = await connect(await tenant.key(["posts:write"], { creatorId: member.id }));
    expect(await callTool(memberClient, "moderate_comment", { id: comment.id, hidden: true })).toMatchObject({ success: false, code: "FORBIDDEN" });
    const admin = await tenant.member("ADMIN");
    const adminClient = await connect(await tenant.key(["posts:write"], { creatorId: admin.id }));
    expect(await callTool(adminClient, "moderate_comment", { id: comment.id, hidden: true })).toMatchObject({ success: true, data: { id: comment.id } });
  });

  it("change_member_role refuses to demote the last owner (CONFLICT), invite_member refuses a member's address", async () => {
    const tenant = await seedTenant();
    const client = await connect(await tenant.key("all"));
    expect(await callTool(client, "change_member_role", { id: tenant.owner.id, role: "ADMIN" })).toMatchObject({ success: false, code: "CONFLICT" });
    expect(await callTool(client, "invite_member", { email: tenant.owner.email, role: "MEMBER" })).toMatchObject({ success: false, code: "CONFLICT" });
  });

  it("roadmap and status: create_roadmap_item, link_roadmap_post, create_status_component, schedule_maintenance", async () => {
    const tenant = await seedTenant();
    const board = await seedBoard(tenant.workspace.id);
    const post = await db.post.create({ data: { workspaceId: tenant.workspace.id, boardId: board.id, title: "Wanted" } });
    const client = await connect(await tenant.key("all"));
    const item = await callTool(client, "create_roadmap_item", { title: "SSO", stage: "in_progress" });
    expect(item).toMatchObject({ success: true, data: { stage: "in_progress" } });
    expect(await callTool(client, "link_roadmap_post", { id: item.data!.id, postId: post.id })).toMatchObject({ success: true, data: { roadmapItemId: item.data!.id } });
    const component = await callTool(client, "create_status_component", { name: "API" });
    const window = await callTool(client, "schedule_maintenance", {
      title: "DB",
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      endsAt: new Date(Date.now() + 7_200_000).toISOString(),
      componentIds: [component.data!.id],
    });
    expect(window).toMatchObject({ success: true, data: { state: "upcoming" } });
  });
});

describe("idempotencyKey on write tools", () => {
  it("write tools offer idempotencyKey, read tools do not", async () => {
    const tenant = await seedTenant();
    const client = await connect(await tenant.key("all"));
    const tools = new Map((await client.listTools()).tools.map((tool) => [tool.name, tool]));
    expect(tools.get("create_post")!.inputSchema.properties).toHaveProperty("idempotencyKey");
    expect(tools.get("add_votes")!.inputSchema.properties).toHaveProperty("idempotencyKey");
    expect(tools.get("list_posts")!.inputSchema.properties).not.toHaveProperty("idempotencyKey");
    expect(tools.get("update_post")!.inputSchema.properties).not.toHaveProperty("idempotencyKey");
  });

  it("create_post retried with one key: one post, the first answer again; another title under the key is IDEMPOTENCY_KEY_REUSED", async () => {
    const tenant = await seedTenant();
    const board = await seedBoard(tenant.workspace.id);
    const client = await connect(await tenant.key("all"));
    const first = await callTool(client, "create_post", { boardId: board.id, title: "SSO", idempotencyKey: "assistant-1" });
    expect(first).toMatchObject({ success: true, data: { title: "SSO" } });
    expect(await callTool(client, "create_post", { boardId: board.id, title: "SSO", idempotencyKey: "assistant-1" })).toEqual(first);
    expect(await callTool(client, "create_post", { boardId: board.id, title: "SAML", idempotencyKey: "assistant-1" })).toMatchObject({ success: false, code: "IDEMPOTENCY_KEY_REUSED" });
    expect(await callTool(client, "create_post", { boardId: board.id, title: "SSO", idempotencyKey: "" })).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
    expect(await db.post.count({ where: { workspaceId: tenant.workspace.id } })).toBe(1);
  });

  it("a key is one request whichever way it came: a REST POST retried as create_post replays the REST answer", async () => {
    const tenant = await seedTenant();
    const board = await seedBoard(tenant.workspace.id);
    const key = await tenant.key("all");
    const rest = await fetch(`${server.url}/api/v1/posts`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", "Idempotency-Key": "shared-1" },
      body: JSON.stringify({ boardId: board.id, title: "Exports" }),
    });
    expect(rest.status).toBe(201);
    const restBody = (await rest.json()) as Envelope;
    const client = await connect(key);
    expect(await callTool(client, "create_post", { boardId: board.id, title: "Exports", idempotencyKey: "shared-1" })).toEqual(restBody);
    expect(await db.post.count({ where: { workspaceId: tenant.workspace.id } })).toBe(1);
  });

  it("20 concurrent create_post calls with one key write one post; each answer is the post or IDEMPOTENCY_KEY_IN_USE", async () => {
    const tenant = await seedTenant();
    const board = await seedBoard(tenant.workspace.id);
    const client = await connect(await tenant.key("all"));
    const answers = await Promise.all(Array.from({ length: 20 }, () => callTool(client, "create_post", { boardId: board.id, title: "Dark mode", idempotencyKey: "burst" })));
    expect(await db.post.count({ where: { workspaceId: tenant.workspace.id } })).toBe(1);
    const ids = new Set(answers.filter((answer) => answer.success).map((answer) => answer.data!.id));
    expect(ids.size).toBe(1);
    for (const answer of answers.filter((answer) => !answer.success)) expect(answer.code).toBe("IDEMPOTENCY_KEY_IN_USE");
  });
});
