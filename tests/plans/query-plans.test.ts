import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { seedBoard, seedTenant } from "../support/api";

// The indexes must serve the hot queries: tenant-scoped keyset pages and key lookups. On a few
// thousand rows across several workspaces, the planner should pick them over a sequential scan.
let workspaceId = "";
let boardId = "";

async function plan(sql: string, ...params: unknown[]): Promise<string> {
  const rows = await db.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN ${sql}`, ...params);
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}

beforeAll(async () => {
  for (let t = 0; t < 5; t++) {
    const tenant = await seedTenant();
    const board = await seedBoard(tenant.workspace.id);
    const statuses = ["open", "planned", "closed"] as const;
    await db.post.createMany({
      data: Array.from({ length: 1000 }, (_, i) => ({
        workspaceId: tenant.workspace.id,
        boardId: board.id,
        title: `post ${i}`,
        status: statuses[i % 3],
        voteCount: i % 50,
        createdAt: new Date(Date.now() - i * 60_000),
      })),
    });
    await db.apiKey.createMany({
      data: Array.from({ length: 500 }, (_, i) => ({
        workspaceId: tenant.workspace.id,
        name: `key ${i}`,
        hint: "wsk_…0000",
        hash: `${t}-${i}-${Math.random().toString(16).slice(2)}`.padEnd(64, "0"),
        scopes: ["posts:read"],
        createdById: tenant.owner.id,
      })),
    });
    if (t === 0) [workspaceId, boardId] = [tenant.workspace.id, board.id];
  }
  await db.$executeRawUnsafe(`ANALYZE "Post"`);
  await db.$executeRawUnsafe(`ANALYZE "ApiKey"`);
}, 120_000);

describe("query plans", () => {
  it("the newest-first page of a workspace uses the (workspaceId, createdAt, id) index", async () => {
    const text = await plan(
      `SELECT * FROM "Post" WHERE "workspaceId" = $1 AND ("createdAt" < $2 OR ("createdAt" = $2 AND id < $3)) ORDER BY "createdAt" DESC, id DESC LIMIT 21`,
      workspaceId, new Date(), "zzz",
    );
    expect(text).toMatch(/Index Scan.*Post_workspaceId_createdAt_id_idx/);
    expect(text).not.toMatch(/Seq Scan/);
  });

  it("the top page uses the (workspaceId, voteCount, id) index", async () => {
    const text = await plan(`SELECT * FROM "Post" WHERE "workspaceId" = $1 ORDER BY "voteCount" DESC, id DESC LIMIT 21`, workspaceId);
    expect(text).toMatch(/Index Scan.*Post_workspaceId_voteCount_id_idx/);
  });

  it("board and status filters have their own keyset indexes", async () => {
    const byBoard = await plan(
      `SELECT * FROM "Post" WHERE "workspaceId" = $1 AND "boardId" = $2 ORDER BY "createdAt" DESC, id DESC LIMIT 21`,
      workspaceId, boardId,
    );
    expect(byBoard).toMatch(/Index Scan.*Post_workspaceId_boardId_createdAt_id_idx/);
    const byStatus = await plan(
      `SELECT * FROM "Post" WHERE "workspaceId" = $1 AND status = 'planned' ORDER BY "createdAt" DESC, id DESC LIMIT 21`,
      workspaceId,
    );
    expect(byStatus).toMatch(/Index Scan.*Post_workspaceId_status_createdAt_id_idx/);
  });

  it("a key is found by its hash through the unique index", async () => {
    const text = await plan(`SELECT * FROM "ApiKey" WHERE hash = $1`, "0".repeat(64));
    expect(text).toMatch(/Index Scan.*ApiKey_hash_key/);
  });
});
