import { describe, expect, it } from "vitest";
import * as collection from "@/app/api/v1/todos/route";
import * as item from "@/app/api/v1/todos/[id]/route";
import { db } from "@/lib/platform/db/client";
import { call, seedTenant, uniqueSuffix } from "../support/api";
import { expectError, expectValidationError, itAnswers405, itChecksKeys, itRejectsQueries } from "../support/endpoint-checklist";
import { expectEachExactlyOnce, onlyPreExisting, walkAllPages } from "../support/pagination";

const LIST = "/api/v1/todos";

async function todoTenant(options: { plan?: "FREE" | "PRO" } = {}) {
  const tenant = await seedTenant(options);
  return { tenant, key: await tenant.key(["todos:read", "todos:write"]) };
}

async function seedList(workspaceId: string, name = `List ${uniqueSuffix()}`) {
  return db.todoList.create({ data: { workspaceId, name } });
}

async function seedTodo(workspaceId: string, listId: string, data: Partial<{ title: string; completedAt: Date; archivedAt: Date; createdAt: Date }> = {}) {
  return db.todoItem.create({ data: { workspaceId, listId, title: data.title ?? "A todo", ...data } });
}

const createTodo = (key: string, body: unknown) => call(collection.POST, "POST", LIST, { key, body });
const patchTodo = (key: string, id: string, body: unknown) => call(item.PATCH, "PATCH", `${LIST}/${id}`, { key, params: { id }, body });

async function snapshot(workspaceId: string) {
  return {
    lists: await db.todoList.findMany({ where: { workspaceId }, orderBy: { id: "asc" } }),
    items: await db.todoItem.findMany({ where: { workspaceId }, orderBy: { id: "asc" } }),
  };
}

describe("GET /api/v1/todos", () => {
  itChecksKeys({ handler: collection.GET, method: "GET", path: LIST, scope: "todos:read" });

  it("200 lists open, completed and archived items newest first, with their list's name", async () => {
    const { tenant, key } = await todoTenant();
    const other = await todoTenant();
    await seedTodo(other.tenant.workspace.id, (await seedList(other.tenant.workspace.id)).id, { title: "foreign" });
    const list = await seedList(tenant.workspace.id, "Groceries");
    const minute = 60_000;
    const archived = await seedTodo(tenant.workspace.id, list.id, { title: "archived", archivedAt: new Date(), createdAt: new Date(Date.now() - 3 * minute) });
    const completed = await seedTodo(tenant.workspace.id, list.id, { title: "completed", completedAt: new Date(), createdAt: new Date(Date.now() - 2 * minute) });
    const open = await seedTodo(tenant.workspace.id, list.id, { title: "open" });

    const result = await call(collection.GET, "GET", LIST, { key });
    expect(result.status).toBe(200);
    expect(result.json.pagination).toEqual({ nextCursor: null, hasMore: false });
    expect(result.json.data.map((todo: { id: string }) => todo.id)).toEqual([open.id, completed.id, archived.id]);
    expect(result.json.data[0]).toEqual({
      id: open.id,
      listId: list.id,
      listName: "Groceries",
      title: "open",
      notes: "",
      completed: false,
      completedAt: null,
      archived: false,
      archivedAt: null,
      createdAt: open.createdAt.toISOString(),
      updatedAt: open.updatedAt.toISOString(),
    });
    expect(result.json.data[1]).toMatchObject({ completed: true, completedAt: completed.completedAt!.toISOString(), archived: false });
    expect(result.json.data[2]).toMatchObject({ completed: false, archived: true, archivedAt: archived.archivedAt!.toISOString() });
  });

  it("filters by list and by state: open, completed, archived, all", async () => {
    const { tenant, key } = await todoTenant();
    const other = await todoTenant();
    const home = await seedList(tenant.workspace.id, "Home");
    const work = await seedList(tenant.workspace.id, "Work");
    const foreignList = await seedList(other.tenant.workspace.id, "Home");
    await seedTodo(other.tenant.workspace.id, foreignList.id, { title: "foreign" });
    await seedTodo(tenant.workspace.id, home.id, { title: "open" });
    await seedTodo(tenant.workspace.id, home.id, { title: "done", completedAt: new Date() });
    await seedTodo(tenant.workspace.id, work.id, { title: "shelved", archivedAt: new Date() });
    await seedTodo(tenant.workspace.id, work.id, { title: "done and shelved", completedAt: new Date(), archivedAt: new Date() });

    const titles = async (query: Record<string, string>) =>
      (await call(collection.GET, "GET", LIST, { key, query })).json.data.map((todo: { title: string }) => todo.title).sort();
    expect(await titles({ state: "open" })).toEqual(["open"]);
    expect(await titles({ state: "completed" })).toEqual(["done"]);
    expect(await titles({ state: "archived" })).toEqual(["done and shelved", "shelved"]);
    expect(await titles({ state: "all" })).toEqual(["done", "done and shelved", "open", "shelved"]);
    expect(await titles({ listId: home.id })).toEqual(["done", "open"]);
    expect(await titles({ listId: work.id, state: "archived" })).toEqual(["done and shelved", "shelved"]);
    // Another workspace's list filters to nothing, exactly like an unknown one.
    expect(await titles({ listId: foreignList.id })).toEqual([]);
    expect(await titles({ listId: "no-such-list" })).toEqual([]);
  });

  it("walking every page while items are added returns each pre-existing one exactly once", async () => {
    const { tenant, key } = await todoTenant();
    const list = await seedList(tenant.workspace.id);
    const base = Date.now() - 3_600_000;
    const existing = await Promise.all(
      Array.from({ length: 17 }, (_, i) =>
        seedTodo(tenant.workspace.id, list.id, { title: `t${i}`, createdAt: new Date(base + (i % 4) * 1000), ...(i % 3 === 0 ? { completedAt: new Date() } : {}) }),
      ),
    );
    for (const state of ["all", "open", "completed"] as const) {
      const expected = existing.filter((todo) => state === "all" || (state === "completed") === (todo.completedAt !== null));
      const { ids } = await walkAllPages({
        limit: 4,
        fetch: (query) => call(collection.GET, "GET", LIST, { key, query: { ...query, state } }),
        meanwhile: () => createTodo(key, { listId: list.id, title: "added meanwhile" }),
      });
      expectEachExactlyOnce(onlyPreExisting(ids, existing), expected);
    }
  });

  itRejectsQueries({
    handler: collection.GET,
    path: LIST,
    key: async () => (await todoTenant()).key,
    cases: [
      [{ limit: "0" }, "limit"],
      [{ limit: "101" }, "limit"],
      [{ limit: "abc" }, "limit"],
      [{ state: "done" }, "state"],
      [{ state: "open\u0000" }, "state"],
      [{ listId: "a\u0000b" }, "listId"],
      [{ listId: "../lists" }, "listId"],
      [{ cursor: "not-a-cursor" }, "cursor"],
      [{ completed: "true" }, "completed"],
    ],
  });

  itAnswers405(collection, LIST, { methods: ["DELETE"], allow: "GET, POST, HEAD" });
});

describe("POST /api/v1/todos", () => {
  itChecksKeys({ handler: collection.POST, method: "POST", path: LIST, scope: "todos:write", request: () => ({ body: { title: "Milk", listName: "Groceries" } }) });

  it("201 in an existing list by listId", async () => {
    const { tenant, key } = await todoTenant();
    const list = await seedList(tenant.workspace.id, "Groceries");
    const result = await createTodo(key, { listId: list.id, title: "  Milk ", notes: "Oat" });
    expect(result.status).toBe(201);
    expect(result.json.data).toMatchObject({ listId: list.id, listName: "Groceries", title: "Milk", notes: "Oat", completed: false, archived: false });
    expect(result.json.data.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
  });

  it("201 by listName: the list is created with its first item, then found by name", async () => {
    const { tenant, key } = await todoTenant();
    const first = await createTodo(key, { listName: "Groceries", title: "Milk" });
    expect(first.status).toBe(201);
    const second = await createTodo(key, { listName: " Groceries ", title: "Bread" });
    expect(second.status).toBe(201);
    expect(second.json.data.listId).toBe(first.json.data.listId);
    expect(second.json.data.listName).toBe("Groceries");
    expect(await db.todoList.count({ where: { workspaceId: tenant.workspace.id } })).toBe(1);
    // A name used by another workspace is a different list.
    const other = await todoTenant();
    const theirs = await createTodo(other.key, { listName: "Groceries", title: "Eggs" });
    expect(theirs.json.data.listId).not.toBe(first.json.data.listId);
  });

  it("concurrent creates naming the same new list end with one list holding every item", async () => {
    const { tenant, key } = await todoTenant();
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => createTodo(key, { listName: "Launch", title: `step ${i}` })));
    expect(results.map((result) => result.status)).toEqual(Array(6).fill(201));
    const lists = await db.todoList.findMany({ where: { workspaceId: tenant.workspace.id } });
    expect(lists).toHaveLength(1);
    expect(new Set(results.map((result) => result.json.data.listId))).toEqual(new Set([lists[0]!.id]));
    expect(await db.todoItem.count({ where: { listId: lists[0]!.id } })).toBe(6);
  });

  it("404 for another workspace's list or a random id, same body, and nothing written", async () => {
    const { tenant, key } = await todoTenant();
    const other = await todoTenant();
    const foreign = await seedList(other.tenant.workspace.id);
    const foreignBefore = await snapshot(other.tenant.workspace.id);
    const bodies = [];
    for (const listId of [foreign.id, "no-such-list"]) {
      const result = await createTodo(key, { listId, title: "x" });
      expectError(result, 404, "NOT_FOUND");
      bodies.push({ ...result.json, requestId: undefined });
    }
    expect(bodies[0]).toEqual(bodies[1]);
    expect(await snapshot(tenant.workspace.id)).toEqual({ lists: [], items: [] });
    expect(await snapshot(other.tenant.workspace.id)).toEqual(foreignBefore);
  });

  it.each([
    [{ title: "x" }, "listId"],
    [{ title: "x", listId: "l1", listName: "L" }, "listName"],
    [{ listName: "L" }, "title"],
    [{ title: "", listName: "L" }, "title"],
    [{ title: "x".repeat(201), listName: "L" }, "title"],
    [{ title: "nul\u0000", listName: "L" }, "title"],
    [{ title: "x", notes: "lone \ud800 surrogate", listName: "L" }, "notes"],
    [{ title: "x", listName: "L\u0000" }, "listName"],
    [{ title: "x", listName: "\udfff" }, "listName"],
    [{ title: "x", listName: "" }, "listName"],
    [{ title: "x", listName: "L", completed: true }, "completed"],
    [{ title: "x", listId: 5 }, "listId"],
  ])("400 with details for %j, nothing written", async (body, path) => {
    const { tenant, key } = await todoTenant();
    const result = await createTodo(key, body);
    expectValidationError(result, path);
    expect(await snapshot(tenant.workspace.id)).toEqual({ lists: [], items: [] });
  });

  it("403 PLAN_LIMIT at 500 items on Free, even for creates racing past it; a refused new list is not created", async () => {
    const { tenant, key } = await todoTenant();
    const list = await seedList(tenant.workspace.id, "Backlog");
    await db.todoItem.createMany({ data: Array.from({ length: 495 }, (_, i) => ({ workspaceId: tenant.workspace.id, listId: list.id, title: `t${i}` })) });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => createTodo(key, { listId: list.id, title: `race ${i}` })));
    expect(results.filter((result) => result.status === 201)).toHaveLength(5);
    for (const refused of results.filter((result) => result.status !== 201)) {
      expectError(refused, 403, "PLAN_LIMIT");
      expect(refused.json.error).toContain("500 todo items");
    }
    expect(await db.todoItem.count({ where: { workspaceId: tenant.workspace.id } })).toBe(500);
    expectError(await createTodo(key, { listName: "Brand new", title: "x" }), 403, "PLAN_LIMIT");
    expect(await db.todoList.count({ where: { workspaceId: tenant.workspace.id } })).toBe(1);
  });

  it("Pro has no item limit", async () => {
    const { tenant, key } = await todoTenant({ plan: "PRO" });
    const list = await seedList(tenant.workspace.id);
    await db.todoItem.createMany({ data: Array.from({ length: 500 }, (_, i) => ({ workspaceId: tenant.workspace.id, listId: list.id, title: `t${i}` })) });
    expect((await createTodo(key, { listId: list.id, title: "501st" })).status).toBe(201);
  });
});

describe("PATCH /api/v1/todos/{id}", () => {
  itChecksKeys({
    handler: item.PATCH,
    method: "PATCH",
    path: `${LIST}/x`,
    scope: "todos:write",
    request: async (tenant) => {
      const list = await seedList(tenant.workspace.id);
      return { params: { id: (await seedTodo(tenant.workspace.id, list.id)).id }, body: { completed: true } };
    },
  });

  it("200 edits title and notes", async () => {
    const { tenant, key } = await todoTenant();
    const todo = await seedTodo(tenant.workspace.id, (await seedList(tenant.workspace.id, "Home")).id);
    const result = await patchTodo(key, todo.id, { title: " Renamed ", notes: "Details" });
    expect(result.status).toBe(200);
    expect(result.json.data).toMatchObject({ id: todo.id, title: "Renamed", notes: "Details", listName: "Home", completed: false, archived: false });
    expect(Date.parse(result.json.data.updatedAt)).toBeGreaterThanOrEqual(todo.updatedAt.getTime());
  });

  it("completing stamps completedAt once, keeps it when repeated, and un-completing clears it", async () => {
    const { tenant, key } = await todoTenant();
    const todo = await seedTodo(tenant.workspace.id, (await seedList(tenant.workspace.id)).id);
    const done = await patchTodo(key, todo.id, { completed: true });
    expect(done.json.data).toMatchObject({ completed: true, completedAt: expect.stringMatching(/Z$/) });
    const again = await patchTodo(key, todo.id, { completed: true, title: "Still done" });
    expect(again.json.data).toMatchObject({ completed: true, completedAt: done.json.data.completedAt, title: "Still done" });
    const undone = await patchTodo(key, todo.id, { completed: false });
    expect(undone.json.data).toMatchObject({ completed: false, completedAt: null });
  });

  it("archiving works the same way, independently of completion", async () => {
    const { tenant, key } = await todoTenant();
    const todo = await seedTodo(tenant.workspace.id, (await seedList(tenant.workspace.id)).id);
    const archived = await patchTodo(key, todo.id, { archived: true, completed: true });
    expect(archived.json.data).toMatchObject({ archived: true, archivedAt: expect.stringMatching(/Z$/), completed: true });
    expect((await patchTodo(key, todo.id, { archived: true })).json.data.archivedAt).toBe(archived.json.data.archivedAt);
    const restored = await patchTodo(key, todo.id, { archived: false });
    expect(restored.json.data).toMatchObject({ archived: false, archivedAt: null, completed: true, completedAt: archived.json.data.completedAt });
  });

  it("concurrent completes agree on one completedAt", async () => {
    const { tenant, key } = await todoTenant();
    const todo = await seedTodo(tenant.workspace.id, (await seedList(tenant.workspace.id)).id);
    const results = await Promise.all(Array.from({ length: 6 }, () => patchTodo(key, todo.id, { completed: true })));
    expect(results.map((result) => result.status)).toEqual(Array(6).fill(200));
    const stored = await db.todoItem.findUniqueOrThrow({ where: { id: todo.id } });
    expect(new Set(results.map((result) => result.json.data.completedAt))).toEqual(new Set([stored.completedAt!.toISOString()]));
  });

  it.each([
    [{}, ""],
    [{ completed: "yes" }, "completed"],
    [{ archived: 1 }, "archived"],
    [{ title: "" }, "title"],
    [{ title: "nul\u0000" }, "title"],
    [{ notes: "lone \ud800 surrogate" }, "notes"],
    [{ listId: "elsewhere" }, "listId"],
    [{ completedAt: "2020-01-01T00:00:00Z" }, "completedAt"],
  ])("400 with details for %j, nothing written", async (body, path) => {
    const { tenant, key } = await todoTenant();
    const todo = await seedTodo(tenant.workspace.id, (await seedList(tenant.workspace.id)).id);
    const before = await snapshot(tenant.workspace.id);
    const result = await patchTodo(key, todo.id, body);
    expectValidationError(result, path);
    expect(await snapshot(tenant.workspace.id)).toEqual(before);
  });

  it("404 with the same body for another workspace's item and a random id; the foreign one is untouched", async () => {
    const { key } = await todoTenant();
    const other = await todoTenant();
    const foreign = await seedTodo(other.tenant.workspace.id, (await seedList(other.tenant.workspace.id)).id);
    const bodies = [];
    for (const id of [foreign.id, "no-such-todo"]) {
      const result = await patchTodo(key, id, { title: "hijack", completed: true });
      expectError(result, 404, "NOT_FOUND");
      bodies.push({ ...result.json, requestId: undefined });
    }
    expect(bodies[0]).toEqual(bodies[1]);
    expect(await db.todoItem.findUniqueOrThrow({ where: { id: foreign.id } })).toEqual(foreign);
    expectError(await patchTodo(key, "x".repeat(500), { title: "x" }), 404, "NOT_FOUND");
  });

  itAnswers405(item, `${LIST}/x`, { methods: ["DELETE"], allow: "GET, PATCH, HEAD" });
});

describe("key checks of GET /todos/{id}", () => {
  itChecksKeys({ handler: item.GET, method: "GET", path: "/api/v1/todos/x", scope: "todos:read", request: () => ({ params: { id: "t_none" } }) });
});
