import { describe, expect, it } from "vitest";
import * as post from "@/app/api/v1/posts/[id]/route";
import * as postList from "@/app/api/v1/posts/route";
import * as todoList from "@/app/api/v1/todos/route";
import * as todo from "@/app/api/v1/todos/[id]/route";
import * as webhook from "@/app/api/v1/webhooks/[id]/route";
import * as webhookList from "@/app/api/v1/webhooks/route";
import * as releaseNote from "@/app/api/v1/changelog/[id]/route";
import * as boardList from "@/app/api/v1/boards/route";
import * as roadmapList from "@/app/api/v1/roadmap/route";
import * as componentList from "@/app/api/v1/status/components/route";
import * as changelogList from "@/app/api/v1/changelog/route";
import * as incidents from "@/app/api/v1/status/incidents/route";
import * as incident from "@/app/api/v1/status/incidents/[id]/route";
import * as comment from "@/app/api/v1/comments/[id]/route";
import { db } from "@/lib/platform/db/client";
import { call, seedBoard, seedTenant } from "../support/api";
import { expectError, expectValidationError, itChecksKeys } from "../support/endpoint-checklist";

async function seedPost() {
  const tenant = await seedTenant();
  const board = await seedBoard(tenant.workspace.id);
  const created = await db.post.create({ data: { workspaceId: tenant.workspace.id, boardId: board.id, title: "Dark mode" } });
  return { tenant, post: created, key: await tenant.key() };
}

const read = (key: string, id: string) => call(post.GET, "GET", `/api/v1/posts/${id}`, { key, params: { id } });
const patch = (key: string, id: string, body: unknown, ifMatch?: string) =>
  call(post.PATCH, "PATCH", `/api/v1/posts/${id}`, { key, params: { id }, body, headers: ifMatch ? { "If-Match": ifMatch } : {} });

describe("ETag and If-Match", () => {
  it("a single-resource GET answers a strong ETag that changes when the resource does", async () => {
    const { post: row, key } = await seedPost();
    const first = await read(key, row.id);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect((await read(key, row.id)).headers.get("etag")).toBe(etag);
    await patch(key, row.id, { title: "Dark theme" });
    expect((await read(key, row.id)).headers.get("etag")).not.toBe(etag);
  });

  it("PATCH with the current ETag applies and answers the new ETag, which GET then answers", async () => {
    const { post: row, key } = await seedPost();
    const etag = (await read(key, row.id)).headers.get("etag")!;
    const changed = await patch(key, row.id, { title: "Dark theme" }, etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).toBe((await read(key, row.id)).headers.get("etag"));
  });

  it("412 PRECONDITION_FAILED on a stale If-Match, with the current ETag, and nothing written", async () => {
    const { post: row, key } = await seedPost();
    const stale = (await read(key, row.id)).headers.get("etag")!;
    await patch(key, row.id, { title: "Someone else's title" });
    const refused = await patch(key, row.id, { title: "Mine" }, stale);
    expectError(refused, 412, "PRECONDITION_FAILED");
    expect(refused.headers.get("etag")).toBe((await read(key, row.id)).headers.get("etag"));
    expect((await db.post.findUniqueOrThrow({ where: { id: row.id } })).title).toBe("Someone else's title");
  });

  it("If-Match: * matches any existing version; a weak tag never matches; a tag list matches when one does", async () => {
    const { post: row, key } = await seedPost();
    expect((await patch(key, row.id, { title: "Any" }, "*")).status).toBe(200);
    const etag = (await read(key, row.id)).headers.get("etag")!;
    expectError(await patch(key, row.id, { title: "Weak" }, `W/${etag}`), 412, "PRECONDITION_FAILED");
    expect((await patch(key, row.id, { title: "Listed" }, `"old", ${etag}`)).status).toBe(200);
  });

  it("404 before 412 for a post that does not exist", async () => {
    const { key } = await seedPost();
    expectError(await patch(key, "p_missing", { title: "x" }, '"abc"'), 404, "NOT_FOUND");
  });

  it("DELETE honours If-Match too (webhook endpoints)", async () => {
    const { tenant, key } = await seedPost();
    const endpoint = await db.webhookEndpoint.create({
      data: { workspaceId: tenant.workspace.id, url: "https://example.test/hook", secretEncrypted: "x", eventTypes: [] },
    });
    const params = { id: endpoint.id };
    const etag = (await call(webhook.GET, "GET", `/api/v1/webhooks/${endpoint.id}`, { key, params })).headers.get("etag")!;
    await call(webhook.PATCH, "PATCH", `/api/v1/webhooks/${endpoint.id}`, { key, params, body: { enabled: false } });
    const refused = await call(webhook.DELETE, "DELETE", `/api/v1/webhooks/${endpoint.id}`, { key, params, headers: { "If-Match": etag } });
    expectError(refused, 412, "PRECONDITION_FAILED");
    expect(await db.webhookEndpoint.count({ where: { id: endpoint.id } })).toBe(1);
  });

  it("GET /todos/{id} answers the todo with its ETag, which PATCH checks", async () => {
    const { tenant, key } = await seedPost();
    const list = await db.todoList.create({ data: { workspaceId: tenant.workspace.id, name: "Inbox" } });
    const item = await db.todoItem.create({ data: { workspaceId: tenant.workspace.id, listId: list.id, title: "Ship" } });
    const params = { id: item.id };
    const got = await call(todo.GET, "GET", `/api/v1/todos/${item.id}`, { key, params });
    expect(got.status).toBe(200);
    expect(got.json.data).toMatchObject({ id: item.id, title: "Ship" });
    await call(todo.PATCH, "PATCH", `/api/v1/todos/${item.id}`, { key, params, body: { completed: true } });
    const refused = await call(todo.PATCH, "PATCH", `/api/v1/todos/${item.id}`, { key, params, body: { title: "Ship it" }, headers: { "If-Match": got.headers.get("etag")! } });
    expectError(refused, 412, "PRECONDITION_FAILED");
  });

});

describe("stale If-Match on the other resources with an ETag", () => {
  it("412 on a release note edited since its GET, then the new ETag applies", async () => {
    const tenant = await seedTenant();
    const key = await tenant.key(["changelog:read", "changelog:write"]);
    const note = await db.releaseNote.create({ data: { workspaceId: tenant.workspace.id, title: "v1", body: "x", status: "published", publishedAt: new Date(Date.now() - 60_000) } });
    const get = () => call(releaseNote.GET, "GET", `/api/v1/changelog/${note.id}`, { key, params: { id: note.id } });
    const edit = (title: string, ifMatch?: string) =>
      call(releaseNote.PATCH, "PATCH", `/api/v1/changelog/${note.id}`, { key, params: { id: note.id }, body: { title }, headers: ifMatch ? { "If-Match": ifMatch } : {} });
    const stale = (await get()).headers.get("etag")!;
    expect((await edit("v2")).status).toBe(200);
    expectError(await edit("mine", stale), 412, "PRECONDITION_FAILED");
    expect((await db.releaseNote.findUniqueOrThrow({ where: { id: note.id } })).title).toBe("v2");
    expect((await edit("mine", (await get()).headers.get("etag")!)).status).toBe(200);
  });

  it("412 on an incident updated since its GET: the stale update is not appended", async () => {
    const tenant = await seedTenant();
    const key = await tenant.key(["status:read", "status:write"]);
    const opened = await call(incidents.POST, "POST", "/api/v1/status/incidents", { key, body: { title: "API errors", message: "Looking" } });
    const id = opened.json.data.id as string;
    const stale = (await call(incident.GET, "GET", `/api/v1/status/incidents/${id}`, { key, params: { id } })).headers.get("etag")!;
    const update = (status: string, ifMatch?: string) =>
      call(incident.PATCH, "PATCH", `/api/v1/status/incidents/${id}`, { key, params: { id }, body: { status, message: status }, headers: ifMatch ? { "If-Match": ifMatch } : {} });
    expect((await update("identified")).status).toBe(200);
    expectError(await update("monitoring", stale), 412, "PRECONDITION_FAILED");
    expect(await db.incidentUpdate.count({ where: { incidentId: id } })).toBe(2);
  });
});

describe("concurrent conditional writes with one If-Match", () => {
  it("two PATCHes of a post sent together with the same ETag: exactly one 200, the other 412, and the winner's title stays", async () => {
    const { post: row, key } = await seedPost();
    const etag = (await read(key, row.id)).headers.get("etag")!;
    const answers = await Promise.all([patch(key, row.id, { title: "First" }, etag), patch(key, row.id, { title: "Second" }, etag)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 412]);
    const winner = answers.find((answer) => answer.status === 200)!;
    const loser = answers.find((answer) => answer.status === 412)!;
    expectError(loser, 412, "PRECONDITION_FAILED");
    expect((await db.post.findUniqueOrThrow({ where: { id: row.id } })).title).toBe(winner.json.data.title);
    expect(loser.headers.get("etag")).toBe(winner.headers.get("etag"));
  });

  it("more conditional writes at once than the pool has connections, each on its own post: all apply", async () => {
    const { tenant, key } = await seedPost();
    const board = await seedBoard(tenant.workspace.id);
    const count = (Number(process.env.DATABASE_POOL_SIZE) || 10) + 6;
    const rows = await Promise.all(Array.from({ length: count }, (_, n) => db.post.create({ data: { workspaceId: tenant.workspace.id, boardId: board.id, title: `Post ${n}` } })));
    const etags = await Promise.all(rows.map(async (row) => (await read(key, row.id)).headers.get("etag")!));
    const answers = await Promise.all(rows.map((row, n) => patch(key, row.id, { title: `Renamed ${n}` }, etags[n])));
    expect(answers.map((answer) => answer.status)).toEqual(rows.map(() => 200));
  });

  it("ten incident updates racing on one ETag append exactly one update", async () => {
    const tenant = await seedTenant();
    const key = await tenant.key(["status:read", "status:write"]);
    const opened = await call(incidents.POST, "POST", "/api/v1/status/incidents", { key, body: { title: "API errors", message: "Looking" } });
    const id = opened.json.data.id as string;
    const etag = (await call(incident.GET, "GET", `/api/v1/status/incidents/${id}`, { key, params: { id } })).headers.get("etag")!;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        call(incident.PATCH, "PATCH", `/api/v1/status/incidents/${id}`, { key, params: { id }, body: { status: "identified", message: `found it (${n})` }, headers: { "If-Match": etag } }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.status !== 200)) expectError(answer, 412, "PRECONDITION_FAILED");
    expect(await db.incidentUpdate.count({ where: { incidentId: id } })).toBe(2);
  });

  it("a DELETE and a PATCH of one webhook endpoint with the same ETag: one applies, the other is refused", async () => {
    const { tenant, key } = await seedPost();
    const endpoint = await db.webhookEndpoint.create({
      data: { workspaceId: tenant.workspace.id, url: "https://example.test/hook", secretEncrypted: "x", eventTypes: [] },
    });
    const params = { id: endpoint.id };
    const etag = (await call(webhook.GET, "GET", `/api/v1/webhooks/${endpoint.id}`, { key, params })).headers.get("etag")!;
    const [removed, changed] = await Promise.all([
      call(webhook.DELETE, "DELETE", `/api/v1/webhooks/${endpoint.id}`, { key, params, headers: { "If-Match": etag } }),
      call(webhook.PATCH, "PATCH", `/api/v1/webhooks/${endpoint.id}`, { key, params, body: { enabled: false }, headers: { "If-Match": etag } }),
    ]);
    // Whichever went first applied; the other then found the endpoint gone (404) or changed (412).
    const statuses = [removed.status, changed.status];
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 404 || status === 412)).toHaveLength(1);
    const left = await db.webhookEndpoint.findUnique({ where: { id: endpoint.id } });
    if (removed.status === 200) expect(left).toBeNull();
    else expect(left?.enabled).toBe(false);
  });
});

describe("updatedSince on lists", () => {
  it("lists only what changed at or after the time, for posts and todos", async () => {
    const { tenant, post: untouched, key } = await seedPost();
    const changed = await db.post.create({ data: { workspaceId: tenant.workspace.id, boardId: untouched.boardId, title: "Later" } });
    const since = new Date(Date.now() + 1000);
    await db.post.update({ where: { id: untouched.id }, data: { updatedAt: new Date(Date.now() - 3_600_000) } });
    await db.post.update({ where: { id: changed.id }, data: { updatedAt: new Date(since.getTime() + 5) } });
    const listed = await call(postList.GET, "GET", "/api/v1/posts", { key, query: { updatedSince: since.toISOString() } });
    expect(listed.status).toBe(200);
    expect(listed.json.data.map((row: { id: string }) => row.id)).toEqual([changed.id]);

    const list = await db.todoList.create({ data: { workspaceId: tenant.workspace.id, name: "Inbox" } });
    await db.todoItem.create({ data: { workspaceId: tenant.workspace.id, listId: list.id, title: "Old", updatedAt: new Date(Date.now() - 3_600_000) } });
    const fresh = await db.todoItem.create({ data: { workspaceId: tenant.workspace.id, listId: list.id, title: "New" } });
    const todos = await call(todoList.GET, "GET", "/api/v1/todos", { key, query: { updatedSince: new Date(Date.now() - 60_000).toISOString() } });
    expect(todos.json.data.map((row: { id: string }) => row.id)).toEqual([fresh.id]);
  });

  it("boards, roadmap items, status components, incidents, release notes and webhook endpoints: only what changed at or after the time", async () => {
    const tenant = await seedTenant();
    const key = await tenant.key("all");
    const workspaceId = tenant.workspace.id;
    const old = new Date(Date.now() - 3_600_000);
    const since = new Date(Date.now() - 60_000).toISOString();
    const pairs = [
      { handler: boardList.GET, path: "/api/v1/boards", rows: [await seedBoard(workspaceId), await seedBoard(workspaceId)], age: (id: string) => db.board.update({ where: { id }, data: { updatedAt: old } }) },
      {
        handler: roadmapList.GET,
        path: "/api/v1/roadmap",
        rows: [await db.roadmapItem.create({ data: { workspaceId, title: "Old" } }), await db.roadmapItem.create({ data: { workspaceId, title: "New", position: 1 } })],
        age: (id: string) => db.roadmapItem.update({ where: { id }, data: { updatedAt: old } }),
      },
      {
        handler: componentList.GET,
        path: "/api/v1/status/components",
        rows: [await db.statusComponent.create({ data: { workspaceId, name: "Old" } }), await db.statusComponent.create({ data: { workspaceId, name: "New", position: 1 } })],
        age: (id: string) => db.statusComponent.update({ where: { id }, data: { updatedAt: old } }),
      },
      {
        handler: incidents.GET,
        path: "/api/v1/status/incidents",
        rows: [await db.incident.create({ data: { workspaceId, title: "Old" } }), await db.incident.create({ data: { workspaceId, title: "New" } })],
        age: (id: string) => db.incident.update({ where: { id }, data: { updatedAt: old } }),
      },
      {
        handler: changelogList.GET,
        path: "/api/v1/changelog",
        rows: await Promise.all(["Old", "New"].map((title) => db.releaseNote.create({ data: { workspaceId, title, body: "x", status: "published", publishedAt: old } }))),
        age: (id: string) => db.releaseNote.update({ where: { id }, data: { updatedAt: old } }),
      },
      {
        handler: webhookList.GET,
        path: "/api/v1/webhooks",
        rows: await Promise.all(["old", "new"].map((name) => db.webhookEndpoint.create({ data: { workspaceId, url: `https://example.test/${name}`, secretEncrypted: "x", eventTypes: [] } }))),
        age: (id: string) => db.webhookEndpoint.update({ where: { id }, data: { updatedAt: old } }),
      },
    ];
    for (const { handler, path, rows, age } of pairs) {
      await age(rows[0]!.id);
      const listed = await call(handler, "GET", path, { key, query: { updatedSince: since } });
      expect([path, listed.json.data.map((row: { id: string }) => row.id)]).toEqual([path, [rows[1]!.id]]);
    }
  });

  it("400 VALIDATION_ERROR naming updatedSince when it is not a date and time", async () => {
    const { key } = await seedPost();
    expectValidationError(await call(postList.GET, "GET", "/api/v1/posts", { key, query: { updatedSince: "yesterday" } }), "updatedSince");
  });
});

describe("comments: GET /comments/{id} and If-Match on moderation and deletion", () => {
  itChecksKeys({ handler: comment.GET, method: "GET", path: "/api/v1/comments/x", scope: "posts:read", request: () => ({ params: { id: "c_none" } }) });

  it("GET answers the comment, hidden or not, with an ETag; a stale If-Match on PATCH and DELETE is 412 and nothing changes; the current one applies", async () => {
    const { tenant, post: row, key } = await seedPost();
    const created = await db.comment.create({ data: { workspaceId: tenant.workspace.id, postId: row.id, body: "Please add this", authorId: tenant.owner.id } });
    const params = { id: created.id };
    const get = () => call(comment.GET, "GET", `/api/v1/comments/${created.id}`, { key, params });
    const first = await get();
    expect(first.status).toBe(200);
    expect(first.json.data).toMatchObject({ id: created.id, postId: row.id, body: "Please add this", hiddenAt: null });
    const stale = first.headers.get("etag")!;
    expect(stale).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect((await call(comment.PATCH, "PATCH", `/api/v1/comments/${created.id}`, { key, params, body: { hidden: true } })).status).toBe(200);
    const hidden = await get();
    expect(hidden.json.data.hiddenAt).not.toBeNull();
    expect(hidden.headers.get("etag")).not.toBe(stale);
    expectError(await call(comment.PATCH, "PATCH", `/api/v1/comments/${created.id}`, { key, params, body: { hidden: false }, headers: { "If-Match": stale } }), 412, "PRECONDITION_FAILED");
    expectError(await call(comment.DELETE, "DELETE", `/api/v1/comments/${created.id}`, { key, params, headers: { "If-Match": stale } }), 412, "PRECONDITION_FAILED");
    expect((await db.comment.findUniqueOrThrow({ where: { id: created.id } })).hiddenAt).not.toBeNull();
    const shown = await call(comment.PATCH, "PATCH", `/api/v1/comments/${created.id}`, { key, params, body: { hidden: false }, headers: { "If-Match": hidden.headers.get("etag")! } });
    expect(shown.status).toBe(200);
    expect(shown.headers.get("etag")).toBe((await get()).headers.get("etag"));
    expect((await call(comment.DELETE, "DELETE", `/api/v1/comments/${created.id}`, { key, params, headers: { "If-Match": shown.headers.get("etag")! } })).status).toBe(200);
    expectError(await get(), 404, "NOT_FOUND");
  });

  it("GET /comments/{id}: 404 for another workspace's comment; a posts:write-only key is refused with INSUFFICIENT_SCOPES", async () => {
    const { key } = await seedPost();
    const other = await seedPost();
    const theirs = await db.comment.create({ data: { workspaceId: other.tenant.workspace.id, postId: other.post.id, body: "Theirs" } });
    expectError(await call(comment.GET, "GET", `/api/v1/comments/${theirs.id}`, { key, params: { id: theirs.id } }), 404, "NOT_FOUND");
    const writeOnly = await other.tenant.key(["posts:write"]);
    expectError(await call(comment.GET, "GET", `/api/v1/comments/${theirs.id}`, { key: writeOnly, params: { id: theirs.id } }), 403, "INSUFFICIENT_SCOPES");
  });
});
