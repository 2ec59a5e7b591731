import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { scopedDb } from "@/lib/platform/db/scoped";
import { sqlFragment } from "@/lib/platform/core/sql-fragment";
import { seedBoard, seedTenant } from "../support/api";

// Tenant isolation is a property of the accessor, not of each handler's `where`: these tests hand
// it queries that forget (or try to defeat) the workspace filter and check what comes back.
async function twoTenantsWithPosts() {
  const [mine, theirs] = await Promise.all([seedTenant(), seedTenant()]);
  const [myBoard, theirBoard] = await Promise.all([seedBoard(mine.workspace.id), seedBoard(theirs.workspace.id)]);
  const myPost = await db.post.create({ data: { workspaceId: mine.workspace.id, boardId: myBoard.id, title: "mine" } });
  const theirPost = await db.post.create({ data: { workspaceId: theirs.workspace.id, boardId: theirBoard.id, title: "theirs" } });
  return { scoped: scopedDb(mine.workspace.id), mine, myPost, theirPost, theirBoard };
}

describe("scopedDb model delegates", () => {
  it("a findMany without a where sees only its own workspace", async () => {
    const { scoped, myPost } = await twoTenantsWithPosts();
    expect((await scoped.post.findMany()).map((post) => post.id)).toEqual([myPost.id]);
  });

  it("another workspace's row is not found by id, and not updated by updateMany", async () => {
    const { scoped, theirPost } = await twoTenantsWithPosts();
    expect(await scoped.post.findFirst({ where: { id: theirPost.id } })).toBeNull();
    expect(await scoped.post.updateMany({ where: { id: theirPost.id }, data: { title: "hijacked" } })).toEqual({ count: 0 });
    expect((await db.post.findUniqueOrThrow({ where: { id: theirPost.id } })).title).toBe("theirs");
  });

  it("a create lands in the accessor's workspace whatever the data says", async () => {
    const { scoped, mine, theirBoard } = await twoTenantsWithPosts();
    const board = await scoped.board.create({ data: { name: "forced", slug: "forced", workspaceId: theirBoard.workspaceId } as never });
    expect(board.workspaceId).toBe(mine.workspace.id);
  });

  it("offers no raw queries and no global models", () => {
    const scoped = scopedDb("any") as unknown as Record<string, unknown>;
    for (const name of ["$queryRaw", "$queryRawUnsafe", "$executeRaw", "user", "workspace"]) expect(scoped[name]).toBeUndefined();
  });
});

describe("scopedDb.$selectRows", () => {
  const page = { from: "post" as const, columns: "id, title", orderBy: "id", limit: 50 };

  it("returns only its own workspace's rows when no condition is given", async () => {
    const { scoped, myPost } = await twoTenantsWithPosts();
    expect(await scoped.$selectRows(page)).toEqual([{ id: myPost.id, title: "mine" }]);
  });

  it("a condition naming another workspace's row still finds nothing", async () => {
    const { scoped, theirPost } = await twoTenantsWithPosts();
    expect(await scoped.$selectRows({ ...page, where: [sqlFragment`id = ${theirPost.id}`] })).toEqual([]);
  });

  it("cannot be widened by an OR in a condition: each condition is parenthesised", async () => {
    const { scoped, myPost } = await twoTenantsWithPosts();
    const rows = await scoped.$selectRows<{ id: string }>({ ...page, where: [sqlFragment`true OR true`] });
    expect(rows.map((row) => row.id)).toEqual([myPost.id]);
  });

  it("values are bind parameters, never SQL", async () => {
    const { scoped } = await twoTenantsWithPosts();
    const rows = await scoped.$selectRows({ ...page, where: [sqlFragment`title = ${"x' OR '1'='1"}`] });
    expect(rows).toEqual([]);
  });

  it("honours the limit", async () => {
    const { scoped, mine, myPost } = await twoTenantsWithPosts();
    await db.post.create({ data: { workspaceId: mine.workspace.id, boardId: myPost.boardId, title: "second" } });
    expect(await scoped.$selectRows({ ...page, limit: 1 })).toHaveLength(1);
  });
});
