import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { V1_ROUTES } from "@/app/api/v1/routes";
import * as mcp from "@/app/api/v1/mcp/route";
import * as posts from "@/app/api/v1/posts/route";
import { db } from "@/lib/platform/db/client";
import { SCOPES } from "@/lib/domain/access/roles";
import { call, seedBoard, seedTenant } from "../support/api";
import { openApiDocuments } from "../support/openapi-validator";
import { holdClock } from "../support/held-clock";
import { serveRoutes, type RouteServer } from "../support/route-server";

// The MCP server at /api/v1/mcp, driven by the SDK's own client over real HTTP: the route handlers
// are served by node:http (tests/support/route-server.ts), the way Next calls them.

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

async function connect(key: string | null): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/api/v1/mcp`), {
    requestInit: { headers: key ? { Authorization: `Bearer ${key}` } : {} },
  });
  const client = new Client({ name: "test-client", version: "1.0.0" });
  clients.push(client);
  await client.connect(transport);
  return client;
}

async function toolNames(client: Client): Promise<string[]> {
  return (await client.listTools()).tools.map((tool) => tool.name).sort();
}

function operations() {
  const result: { tool: string; method: string }[] = [];
  for (const [path, item] of Object.entries(openApiDocuments().v1.paths ?? {})) {
    for (const [method, operation] of Object.entries(item as Record<string, { "x-mcp-tool"?: string }>)) {
      if (operation["x-mcp-tool"]) result.push({ tool: operation["x-mcp-tool"], method: `${method.toUpperCase()} ${path}` });
    }
  }
  return result;
}

const READ_SCOPES = SCOPES.filter((scope) => scope.endsWith(":read"));

function envelopeOf(result: Awaited<ReturnType<Client["callTool"]>>) {
  const [first] = result.content as { type: string; text: string }[];
  return JSON.parse(first!.text);
}

async function expectHttpError(promise: Promise<unknown>, status: number) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(StreamableHTTPError);
  expect((error as StreamableHTTPError).code).toBe(status);
  return error as StreamableHTTPError;
}

describe("tools/list", () => {
  it("one tool per /api/v1 operation, named as the document says", async () => {
    const tenant = await seedTenant();
    const client = await connect(await tenant.key("all"));
    const expected = operations().map(({ tool }) => tool).sort();
    expect(expected).toContain("create_post");
    expect(await toolNames(client)).toEqual(expected);
  });

  it("a read-only key lists only the read tools", async () => {
    const tenant = await seedTenant();
    const client = await connect(await tenant.key(READ_SCOPES));
    const reads = operations().filter(({ method }) => method.startsWith("GET ")).map(({ tool }) => tool).sort();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(reads);
    expect(tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
  });

  it("input schemas come from the endpoint's zod schemas", async () => {
    const tenant = await seedTenant();
    const client = await connect(await tenant.key("all"));
    const { tools } = await client.listTools();
    const createPost = tools.find((tool) => tool.name === "create_post")!;
    expect(createPost.inputSchema).toMatchObject({
      type: "object",
      required: ["boardId", "title"],
      additionalProperties: false,
      properties: { title: { type: "string", minLength: 1, maxLength: 200 }, tags: { type: "array", maxItems: 10 } },
    });
    const updatePost = tools.find((tool) => tool.name === "update_post")!;
    expect(updatePost.inputSchema.required).toEqual(["id"]);
    const listPosts = tools.find((tool) => tool.name === "list_posts")!;
    expect(listPosts.inputSchema.properties?.limit).toEqual({ type: "integer", minimum: 1, maximum: 100, default: 20 });
    expect(listPosts.outputSchema).toMatchObject({ type: "object", required: ["success", "data", "pagination"] });
  });
});

describe("tools/call", () => {
  it("a full key: create_post creates a post that GET /api/v1/posts/{id} returns", async () => {
    const tenant = await seedTenant();
    const board = await seedBoard(tenant.workspace.id);
    const key = await tenant.key("all");
    const client = await connect(key);

    const result = await client.callTool({ name: "create_post", arguments: { boardId: board.id, title: "From an assistant", tags: ["MCP"] } });
    expect(result.isError).toBeFalsy();
    const created = result.structuredContent as { success: true; data: { id: string; title: string; tags: string[] } };
    expect(created).toMatchObject({ success: true, data: { title: "From an assistant", tags: ["mcp"], boardId: board.id } });
    expect(envelopeOf(result)).toEqual(created);

    const response = await fetch(`${server.url}/api/v1/posts/${created.data.id}`, { headers: { Authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, data: { id: created.data.id, title: "From an assistant", votes: [], comments: [] } });

    const listed = await client.callTool({ name: "list_posts", arguments: { limit: 5, boardId: board.id } });
    expect(listed.structuredContent).toMatchObject({ success: true, data: [{ id: created.data.id }], pagination: { hasMore: false } });
  });

  it("malformed input is a tool error with the same code and details as the REST 400", async () => {
    const tenant = await seedTenant();
    const board = await seedBoard(tenant.workspace.id);
    const key = await tenant.key("all");
    const client = await connect(key);
    const bad = { boardId: board.id, title: "", tags: ["ok", "no/slash"], color: "red" };

    const viaMcp = await client.callTool({ name: "create_post", arguments: bad });
    const viaRest = await call(posts.POST, "POST", "/api/v1/posts", { key, body: bad });
    expect(viaRest.status).toBe(400);
    expect(viaMcp.isError).toBe(true);
    const envelope = envelopeOf(viaMcp);
    expect(envelope).toMatchObject({ success: false, code: "VALIDATION_ERROR", error: viaRest.json.error });
    expect(envelope.details).toEqual(viaRest.json.details);
    expect(envelope.details.map((detail: { path: string }) => detail.path).sort()).toEqual(["color", "tags.1", "title"]);

    const badQuery = await client.callTool({ name: "list_posts", arguments: { limit: 500, sort: "sideways" } });
    const restQuery = await call(posts.GET, "GET", "/api/v1/posts", { key, query: { limit: "500", sort: "sideways" } });
    expect(envelopeOf(badQuery).details).toEqual(restQuery.json.details);
  });

  it("a missing path id is a 400 detail, an impossible or foreign one a 404, as tool errors", async () => {
    const tenant = await seedTenant();
    const client = await connect(await tenant.key("all"));
    expect(envelopeOf(await client.callTool({ name: "get_post", arguments: {} }))).toMatchObject({
      code: "VALIDATION_ERROR",
      details: [{ path: "id", code: "invalid_type" }],
    });
    expect(envelopeOf(await client.callTool({ name: "get_post", arguments: { id: "../etc" } }))).toMatchObject({ code: "NOT_FOUND" });
    expect(envelopeOf(await client.callTool({ name: "get_post", arguments: { id: "nope" } }))).toMatchObject({ code: "NOT_FOUND" });
    expect(envelopeOf(await client.callTool({ name: "get_post", arguments: { id: "x", extra: 1 } }))).toMatchObject({
      code: "VALIDATION_ERROR",
      details: [{ path: "extra", code: "unrecognized_keys" }],
    });
  });

  it("a tool outside the key's scopes is a tool error naming the scope; an unknown tool a JSON-RPC error, never a 500", async () => {
    const tenant = await seedTenant();
    const client = await connect(await tenant.key(["posts:read"]));
    const refused = await client.callTool({ name: "create_todo", arguments: { listName: "x", title: "y" } });
    expect(refused.isError).toBe(true);
    expect(envelopeOf(refused)).toMatchObject({ code: "INSUFFICIENT_SCOPES", error: expect.stringContaining("todos:write") });
    await expect(client.callTool({ name: "drop_database", arguments: {} })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining("Unknown tool") });
    await expect(client.callTool({ name: "x".repeat(10_000), arguments: {} })).rejects.toMatchObject({ code: -32602 });
  });
});

describe("the key, the same as on REST", () => {
  it("no key or a bad key: 401 before anything else", async () => {
    await expectHttpError(connect(null), 401);
    await expectHttpError(connect("wsk_not-a-real-key"), 401);
  });

  it("a revoked key stops at the next call", async () => {
    const tenant = await seedTenant();
    const key = await tenant.key("all");
    const client = await connect(key);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await db.apiKey.updateMany({ where: { workspaceId: tenant.workspace.id }, data: { revokedAt: new Date() } });
    const error = await expectHttpError(client.listTools(), 401);
    expect(error.message).toContain("UNAUTHORIZED");
    await expectHttpError(client.callTool({ name: "list_posts", arguments: {} }), 401);
  });

  it("the creator demoted: create_post disappears on the next request, and calling it is FORBIDDEN", async () => {
    const tenant = await seedTenant();
    const board = await seedBoard(tenant.workspace.id);
    const member = await tenant.member("MEMBER");
    const client = await connect(await tenant.key(["posts:read", "posts:write"], { creatorId: member.id }));
    // posts:write also carries comments, votes and comment moderation (the last refused by role when called).
    expect(await toolNames(client)).toEqual([
      "add_vote",
      "add_votes",
      "create_comment",
      "create_comments",
      "create_post",
      "create_posts",
      "delete_comment",
      "delete_tag",
      "get_comment",
      "get_post",
      "list_posts",
      "list_tags",
      "moderate_comment",
      "remove_vote",
      "rename_tag",
      "update_post",
    ]);

    await db.membership.updateMany({ where: { workspaceId: tenant.workspace.id, userId: member.id }, data: { role: "VIEWER" } });
    expect(await toolNames(client)).toEqual(["get_comment", "get_post", "list_posts", "list_tags"]);
    const refused = await client.callTool({ name: "create_post", arguments: { boardId: board.id, title: "Still?" } });
    expect(envelopeOf(refused)).toMatchObject({ code: "FORBIDDEN" });
    expect(await db.post.count({ where: { workspaceId: tenant.workspace.id } })).toBe(0);

    await db.membership.deleteMany({ where: { workspaceId: tenant.workspace.id, userId: member.id } });
    expect(await toolNames(client)).toEqual([]);
  });

  it("the 101st request in a minute across REST and MCP is a 429", async () => {
    const tenant = await seedTenant();
    const key = await tenant.key("all");
    holdClock();
    const client = await connect(key); // initialize + notifications/initialized: 2 requests
    for (let i = 0; i < 49; i++) expect((await call(posts.GET, "GET", "/api/v1/posts", { key, query: { limit: "1" } })).status).toBe(200);
    for (let i = 0; i < 48; i++) expect((await client.callTool({ name: "list_posts", arguments: { limit: 1 } })).isError).toBeFalsy();
    const rest = await call(posts.GET, "GET", "/api/v1/posts", { key });
    expect(rest.status).toBe(200); // the 100th
    expect(rest.headers.get("ratelimit")).toMatch(/^"per-key";r=0;t=\d+$/);

    const limited = await expectHttpError(client.callTool({ name: "list_posts", arguments: {} }), 429);
    expect(limited.message).toContain("RATE_LIMITED");
    const restAgain = await call(posts.GET, "GET", "/api/v1/posts", { key });
    expect(restAgain.status).toBe(429);
  });
});

describe("the HTTP edges", () => {
  const post = (key: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/v1/mcp`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
      body,
    });

  it("a body over 64 KiB is a 413 envelope; not JSON is a JSON-RPC parse error; a batch is refused", async () => {
    const tenant = await seedTenant();
    const key = await tenant.key("all");
    const huge = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "create_post", arguments: { title: "x".repeat(70_000) } } });
    const tooLarge = await post(key, huge);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ success: false, code: "PAYLOAD_TOO_LARGE" });

    const garbage = await post(key, "{not json");
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32700 } });

    const batch = await post(key, JSON.stringify(Array.from({ length: 50 }, (_, id) => ({ jsonrpc: "2.0", id, method: "tools/list" }))));
    expect(batch.status).toBe(400);
    expect(await batch.json()).toMatchObject({ error: { code: -32600, message: expect.stringContaining("Batches") } });

    const wrongType = await post(key, "{}", { "Content-Type": "text/plain" });
    expect(wrongType.status).toBe(415);
    expect(wrongType.headers.get("x-ratelimit-remaining")).toBe("96");
  });

  it("GET and DELETE are 405 with Allow: POST, OPTIONS, and count nothing", async () => {
    for (const method of ["GET", "DELETE"]) {
      const response = await fetch(`${server.url}/api/v1/mcp`, { method });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST, OPTIONS");
    }
  });

});
