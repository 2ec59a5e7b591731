import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { insertRows, scopedDb, transactionSql } from "@/lib/platform/db/scoped";
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

describe("insertRows", () => {
  it("writes every row into the accessor's workspace, values as parameters, arrays and defaults kept", async () => {
    const { scoped, mine, theirBoard } = await twoTenantsWithPosts();
    const board = await scoped.board.findFirstOrThrow();
    const title = `'); DELETE FROM "Post"; --`;
    const ids = await scoped.$transaction((tx) =>
      insertRows<{ id: string }>(tx, {
        into: "post",
        columns: { id: "text", boardId: "text", title: "text", status: `"PostStatus"`, tags: "text[]", createdAt: "timestamptz" },
        constants: { updatedAt: "now()" },
        defaults: { createdAt: "now()" },
        rows: [
          ["bulk_a", board.id, title, "planned", ["a, b", 'quote "q"'], new Date("2026-01-02T03:04:05.678Z")],
          ["bulk_b", board.id, "second", "open", [], null],
        ],
        returning: "id",
      }),
    );
    expect(ids.map((row) => row.id).sort()).toEqual(["bulk_a", "bulk_b"]);
    const rows = await db.post.findMany({ where: { id: { in: ["bulk_a", "bulk_b"] } }, orderBy: { id: "asc" } });
    expect(rows.map((row) => row.workspaceId)).toEqual([mine.workspace.id, mine.workspace.id]);
    expect(rows[0]).toMatchObject({ title, status: "planned", tags: ["a, b", 'quote "q"'], createdAt: new Date("2026-01-02T03:04:05.678Z") });
    expect(rows[1]!.tags).toEqual([]);
    expect(rows[1]!.createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await db.post.count({ where: { workspaceId: theirBoard.workspaceId } })).toBe(1);
  });

  it("without returning answers how many rows went in, duplicates skipped when asked", async () => {
    const { scoped, myPost } = await twoTenantsWithPosts();
    const user = await db.user.create({ data: { email: `bulk-${Date.now()}@example.test` } });
    const vote = { into: "vote" as const, columns: { postId: "text", userId: "text" } as const, constants: { id: `'c' || left(replace(gen_random_uuid()::text, '-', ''), 24)` }, skipDuplicates: true };
    expect(await insertRows(scoped, { ...vote, rows: [[myPost.id, user.id]] })).toBe(1);
    expect(await insertRows(scoped, { ...vote, rows: [[myPost.id, user.id]] })).toBe(0);
  });

  it("a transaction's statement timeout replaces the pool's for its statements only", async () => {
    const scoped = scopedDb("any");
    const inside = await scoped.$transaction(async (tx) => (await transactionSql(tx).executeSql("SHOW statement_timeout")).rows, { statementTimeout: 95_000 });
    expect(inside).toEqual([{ statement_timeout: "95s" }]);
    const after = await scoped.$transaction(async (tx) => (await transactionSql(tx).executeSql("SHOW statement_timeout")).rows);
    expect(after).not.toEqual([{ statement_timeout: "95s" }]);
  });
});
