import { describe, expect, it } from "vitest";
import * as collection from "@/app/api/v1/boards/route";
import * as item from "@/app/api/v1/boards/[id]/route";
import * as posts from "@/app/api/v1/posts/route";
import * as postsBulk from "@/app/api/v1/posts/bulk/route";
import * as publicBoards from "@/app/api/public/[workspace]/boards/route";
import * as publicBoard from "@/app/api/public/[workspace]/boards/[boardId]/route";
import { db } from "@/lib/platform/db/client";
import { call, seedBoard, seedTenant } from "../support/api";
import { expectError } from "../support/endpoint-checklist";
import { get } from "../public/request";

const archive = (key: string, id: string, archived: boolean) => call(item.PATCH, "PATCH", `/api/v1/boards/${id}`, { key, params: { id }, body: { archived } });

describe("archiving a board", () => {
  it("PATCH archived: true stamps archivedAt once, records board.updated with the open state before; false opens it again", async () => {
    const tenant = await seedTenant();
    const key = await tenant.key(["boards:write", "boards:read"]);
    const board = await seedBoard(tenant.workspace.id);
    const first = await archive(key, board.id, true);
    expect(first.status).toBe(200);
    expect(first.json.data.archivedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Archiving again keeps the date it was first archived.
    const again = await archive(key, board.id, true);
    expect(again.json.data.archivedAt).toBe(first.json.data.archivedAt);
    const events = await db.event.findMany({ where: { workspaceId: tenant.workspace.id, type: "board.updated" }, orderBy: { createdAt: "asc" } });
    expect(events[0]?.previous).toEqual({ archivedAt: null });
    expect((events[0]?.data as { archivedAt: string }).archivedAt).toBe(first.json.data.archivedAt);

    const reopened = await archive(key, board.id, false);
    expect(reopened.json.data.archivedAt).toBeNull();
    expectError(await call(item.PATCH, "PATCH", `/api/v1/boards/${board.id}`, { key, params: { id: board.id }, body: { archived: "yes" } }), 400, "VALIDATION_ERROR");
  });

  it("GET /boards?state= lists open or archived boards; a bad state is a 400 naming it", async () => {
    const tenant = await seedTenant();
    const key = await tenant.key(["boards:write", "boards:read"]);
    const open = await seedBoard(tenant.workspace.id, { name: "Open one" });
    const closed = await seedBoard(tenant.workspace.id, { name: "Closed one" });
    await archive(key, closed.id, true);
    const ids = async (state: string) => (await call(collection.GET, "GET", "/api/v1/boards", { key, query: { state } })).json.data.map((board: { id: string }) => board.id);
    expect(await ids("open")).toEqual([open.id]);
    expect(await ids("archived")).toEqual([closed.id]);
    expect((await ids("all")).sort()).toEqual([open.id, closed.id].sort());
    const bad = await call(collection.GET, "GET", "/api/v1/boards", { key, query: { state: "closed" } });
    expectError(bad, 400, "VALIDATION_ERROR");
    expect(JSON.stringify(bad.json)).toContain("state");
  });

  it("an archived board takes no new post (409 naming boardId), alone or in a batch, and nothing is written", async () => {
    const tenant = await seedTenant();
    const key = await tenant.key(["boards:write", "posts:write"]);
    const open = await seedBoard(tenant.workspace.id);
    const closed = await seedBoard(tenant.workspace.id);
    await archive(key, closed.id, true);

    const single = await call(posts.POST, "POST", "/api/v1/posts", { key, body: { boardId: closed.id, title: "Too late" } });
    expectError(single, 409, "CONFLICT");
    expect(single.json.details).toEqual([expect.objectContaining({ path: "boardId", code: "archived" })]);

    const batch = await call(postsBulk.POST, "POST", "/api/v1/posts/bulk", {
      key,
      body: { items: [{ boardId: open.id, title: "Fine" }, { boardId: closed.id, title: "Not here" }] },
    });
    expectError(batch, 409, "CONFLICT");
    expect(batch.json.details).toEqual([expect.objectContaining({ path: "items.1.boardId", code: "archived" })]);
    expect(await db.post.count({ where: { workspaceId: tenant.workspace.id } })).toBe(0);

    await archive(key, closed.id, false);
    expect((await call(posts.POST, "POST", "/api/v1/posts", { key, body: { boardId: closed.id, title: "Open again" } })).status).toBe(201);
  });

  it("the public list leaves an archived board out; its own answer still opens and says archived", async () => {
    const tenant = await seedTenant({ published: true });
    const key = await tenant.key(["boards:write"]);
    const open = await seedBoard(tenant.workspace.id, { name: "Ideas" });
    const closed = await seedBoard(tenant.workspace.id, { name: "Old ideas" });
    await archive(key, closed.id, true);
    const slug = tenant.workspace.slug;
    const list = await get(publicBoards.GET, `/api/public/${slug}/boards`, { workspace: slug });
    expect(list.json.data.map((board: { id: string }) => board.id)).toEqual([open.id]);
    expect(list.json.data[0].archived).toBe(false);
    const one = await get(publicBoard.GET, `/api/public/${slug}/boards/${closed.id}`, { workspace: slug, boardId: closed.id });
    expect(one.status).toBe(200);
    expect(one.json.data).toMatchObject({ id: closed.id, archived: true });
  });
});
