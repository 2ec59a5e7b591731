import { describe, expect, it } from "vitest";
import * as v1Todos from "@/app/api/v1/todos/route";
import { db } from "@/lib/platform/db/client";
import { createTodo } from "@/lib/domain/todos/create-todo";
import { createTodoList, MAX_TODO_LISTS } from "@/lib/domain/todos/create-todo-list";
import { deleteTodoList } from "@/lib/domain/todos/delete-todo-list";
import { getTodoBoard } from "@/lib/domain/todos/get-todo-board";
import { renameTodoList } from "@/lib/domain/todos/rename-todo-list";
import { updateTodo } from "@/lib/domain/todos/update-todo";
import { call, seedTenant } from "../support/api";
import { actorOf, expectApiError } from "../support/actors";

async function memberActor(options: { plan?: "FREE" | "PRO" } = {}) {
  const tenant = await seedTenant(options);
  return { tenant, actor: await actorOf(tenant, await tenant.member("MEMBER")) };
}

async function snapshot(workspaceId: string) {
  return {
    lists: await db.todoList.findMany({ where: { workspaceId }, orderBy: { id: "asc" } }),
    items: await db.todoItem.findMany({ where: { workspaceId }, orderBy: { id: "asc" } }),
  };
}

describe("todo lists", () => {
  it("members create, rename and delete lists; a taken name is a field error", async () => {
    const { actor } = await memberActor();
    const launch = await createTodoList(actor, { name: " Launch " });
    expect(launch.name).toBe("Launch");
    const taken = await expectApiError(createTodoList(actor, { name: "Launch" }), "VALIDATION_ERROR");
    expect(taken.details).toEqual([{ path: "name", message: "A list named “Launch” already exists.", code: "taken" }]);
    const bugs = await createTodoList(actor, { name: "Bugs" });
    const renameTaken = await expectApiError(renameTodoList(actor, bugs.id, { name: "Launch" }), "VALIDATION_ERROR");
    expect(renameTaken.details?.[0]?.path).toBe("name");
    expect(await renameTodoList(actor, launch.id, { name: "Launch" })).toEqual({ id: launch.id, name: "Launch" });
    expect(await renameTodoList(actor, bugs.id, { name: "Bugs to triage" })).toEqual({ id: bugs.id, name: "Bugs to triage" });
    const empty = await expectApiError(renameTodoList(actor, bugs.id, { name: " " }), "VALIDATION_ERROR");
    expect(empty.details?.[0]).toMatchObject({ path: "name", message: "Name must not be empty." });

    await createTodo(actor, { listId: launch.id, title: "Write the post" });
    await createTodo(actor, { listId: launch.id, title: "Ship it" });
    expect(await deleteTodoList(actor, launch.id)).toEqual({ id: launch.id, name: "Launch", deletedItems: 2 });
    expect(await db.todoItem.count({ where: { listId: launch.id } })).toBe(0);
    await expectApiError(deleteTodoList(actor, launch.id), "NOT_FOUND");
    await expectApiError(renameTodoList(actor, launch.id, { name: "Again" }), "NOT_FOUND");
  });

  it("concurrent creates of one new name make one list and one clear refusal", async () => {
    const { actor } = await memberActor();
    const results = await Promise.allSettled([createTodoList(actor, { name: "Same" }), createTodoList(actor, { name: "Same" })]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await db.todoList.count({ where: { workspaceId: actor.workspaceId, name: "Same" } })).toBe(1);
  });

  it(`a workspace holds at most ${MAX_TODO_LISTS} lists`, async () => {
    const { actor } = await memberActor();
    await db.todoList.createMany({ data: Array.from({ length: MAX_TODO_LISTS }, (_, i) => ({ workspaceId: actor.workspaceId, name: `L${i}` })) });
    const error = await expectApiError(createTodoList(actor, { name: "One too many" }), "VALIDATION_ERROR");
    expect(error.details?.[0]?.path).toBe("name");
  });

  it("an item cannot land in a list deleted meanwhile: 404, not a database error", async () => {
    const { actor } = await memberActor();
    const list = await createTodoList(actor, { name: "Doomed" });
    const [created, deleted] = await Promise.allSettled([createTodo(actor, { listId: list.id, title: "race" }), deleteTodoList(actor, list.id)]);
    expect(deleted.status).toBe("fulfilled");
    if (created.status === "rejected") expect(created.reason).toMatchObject({ code: "NOT_FOUND" });
    expect(await db.todoItem.count({ where: { workspaceId: actor.workspaceId } })).toBe(0);
  });
});

describe("todo items", () => {
  it("an empty or blank title is a field error on title, and nothing is written", async () => {
    const { actor } = await memberActor();
    const list = await createTodoList(actor, { name: "Launch" });
    const before = await snapshot(actor.workspaceId);
    for (const title of ["", "   "]) {
      const error = await expectApiError(createTodo(actor, { listId: list.id, title }), "VALIDATION_ERROR");
      expect(error.details).toEqual([expect.objectContaining({ path: "title", message: "title must not be empty." })]);
    }
    const edited = await expectApiError(updateTodo(actor, (await createTodo(actor, { listId: list.id, title: "ok" })).id, { title: "" }), "VALIDATION_ERROR");
    expect(edited.details?.[0]?.path).toBe("title");
    expect((await snapshot(actor.workspaceId)).lists).toEqual(before.lists);
  });

  it("the 501st item on Free is refused with PLAN_LIMIT (archived items count), from the dashboard and the API alike", async () => {
    const { tenant, actor } = await memberActor();
    const list = await createTodoList(actor, { name: "Big" });
    await db.todoItem.createMany({ data: Array.from({ length: 500 }, (_, i) => ({ workspaceId: actor.workspaceId, listId: list.id, title: `t${i}`, archivedAt: i % 2 ? new Date() : null })) });
    const error = await expectApiError(createTodo(actor, { listId: list.id, title: "501st" }), "PLAN_LIMIT");
    expect(error.message).toBe("The Free plan allows 500 todo items. Upgrade to Pro for more.");
    const key = await tenant.key(["todos:write"]);
    const viaApi = await call(v1Todos.POST, "POST", "/api/v1/todos", { key, body: { listId: list.id, title: "501st" } });
    expect(viaApi.json.code).toBe("PLAN_LIMIT");
    expect(await db.todoItem.count({ where: { workspaceId: actor.workspaceId } })).toBe(500);
  });

  it("complete, uncomplete, archive and restore move an item between the board's states", async () => {
    const { actor } = await memberActor();
    const list = await createTodoList(actor, { name: "Launch" });
    const a = await createTodo(actor, { listId: list.id, title: "A" });
    const b = await createTodo(actor, { listId: list.id, title: "B" });
    const c = await createTodo(actor, { listId: list.id, title: "C" });
    await updateTodo(actor, a.id, { completed: true });
    await updateTodo(actor, b.id, { completed: true });
    await updateTodo(actor, b.id, { archived: true });
    const titles = async (state: "open" | "completed" | "archived" | "all") => (await getTodoBoard(actor.db, { listId: list.id, state })).items.map((item) => item.title);
    expect(await titles("open")).toEqual(["C"]);
    expect(await titles("completed")).toEqual(["A"]);
    expect(await titles("archived")).toEqual(["B"]);
    expect(await titles("all")).toEqual(["C", "B", "A"]);
    expect((await getTodoBoard(actor.db, { listId: list.id, state: "open" })).counts).toEqual({ open: 1, completed: 1, archived: 1, all: 3 });

    await updateTodo(actor, a.id, { completed: false });
    await updateTodo(actor, b.id, { archived: false });
    expect(await titles("open")).toEqual(["C", "A"]);
    expect(await titles("completed")).toEqual(["B"]);
    expect(c.completed).toBe(false);
  });

  it("the board opens the first list when none (or an unknown one) is asked for, and lists open counts", async () => {
    const { actor } = await memberActor();
    expect(await getTodoBoard(actor.db, { listId: null, state: "open" })).toMatchObject({ lists: [], list: null, items: [] });
    const first = await createTodoList(actor, { name: "First" });
    const second = await createTodoList(actor, { name: "Second" });
    await createTodo(actor, { listId: second.id, title: "x" });
    const board = await getTodoBoard(actor.db, { listId: "nope", state: "open" });
    expect(board.list).toEqual({ id: first.id, name: "First" });
    expect(board.lists).toEqual([
      { id: first.id, name: "First", openCount: 0 },
      { id: second.id, name: "Second", openCount: 1 },
    ]);
  });
});

describe("roles (lib/domain/access/roles.ts): todos are for members and above", () => {
  it("viewers are refused every todo write; members, admins and owners may", async () => {
    const tenant = await seedTenant();
    const owner = await actorOf(tenant, tenant.owner);
    const list = await createTodoList(owner, { name: "Launch" });
    const item = await createTodo(owner, { listId: list.id, title: "x" });
    const viewer = await actorOf(tenant, await tenant.member("VIEWER"));
    const before = await snapshot(tenant.workspace.id);
    for (const write of [
      createTodoList(viewer, { name: "Mine" }),
      renameTodoList(viewer, list.id, { name: "Mine" }),
      deleteTodoList(viewer, list.id),
      createTodo(viewer, { listId: list.id, title: "y" }),
      updateTodo(viewer, item.id, { completed: true }),
    ]) {
      const error = await expectApiError(write, "FORBIDDEN");
      expect(error.message).toMatch(/^Only members and above can /);
    }
    expect(await snapshot(tenant.workspace.id)).toEqual(before);
    for (const role of ["MEMBER", "ADMIN"] as const) {
      const actor = await actorOf(tenant, await tenant.member(role));
      await updateTodo(actor, item.id, { completed: role === "MEMBER" });
    }
  });
});
