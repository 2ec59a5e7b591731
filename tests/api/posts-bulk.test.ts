import { describe, expect, it } from "vitest";
import * as bulk from "@/app/api/v1/posts/bulk/route";
import { db } from "@/lib/platform/db/client";
import { call, seedBoard, seedTenant } from "../support/api";
import { expectError, expectValidationError, itChecksKeys } from "../support/endpoint-checklist";

const PATH = "/api/v1/posts/bulk";

async function setup(plan: "FREE" | "PRO" = "PRO") {
  const tenant = await seedTenant({ plan });
  const board = await seedBoard(tenant.workspace.id);
  return { tenant, board, key: await tenant.key(["posts:write"]) };
}

describe("POST /api/v1/posts/bulk", () => {
  itChecksKeys({ handler: bulk.POST, method: "POST", path: PATH, scope: "posts:write", request: async (tenant) => ({ body: { items: [{ boardId: (await seedBoard(tenant.workspace.id)).id, title: "x" }] } }) });

  it("201 creates 100 posts in order, each with its post.created event", async () => {
    const { tenant, board, key } = await setup();
    const items = Array.from({ length: 100 }, (_, i) => ({ boardId: board.id, title: `Imported ${i}` }));
    const result = await call(bulk.POST, "POST", PATH, { key, body: { items } });
    expect(result.status).toBe(201);
    expect(result.json.data.map((post: { title: string }) => post.title)).toEqual(items.map((item) => item.title));
    expect(await db.post.count({ where: { workspaceId: tenant.workspace.id } })).toBe(100);
    expect(await db.event.count({ where: { workspaceId: tenant.workspace.id, type: "post.created" } })).toBe(100);
  });

  it("one bad item refuses the batch, naming it; nothing is written", async () => {
    const { tenant, board, key } = await setup();
    const items = [{ boardId: board.id, title: "Fine" }, { boardId: board.id, title: "" }, { boardId: board.id, title: "Also fine" }];
    expectValidationError(await call(bulk.POST, "POST", PATH, { key, body: { items } }), "items.1.title");
    const missingBoard = await call(bulk.POST, "POST", PATH, { key, body: { items: [{ boardId: board.id, title: "Fine" }, { boardId: "b_missing", title: "Lost" }] } });
    expectError(missingBoard, 404, "NOT_FOUND");
    expect(missingBoard.json.details).toEqual([expect.objectContaining({ path: "items.1.boardId" })]);
    expect(await db.post.count({ where: { workspaceId: tenant.workspace.id } })).toBe(0);
  });

  it("400 for an empty batch or more than 100 items", async () => {
    const { board, key } = await setup();
    expectValidationError(await call(bulk.POST, "POST", PATH, { key, body: { items: [] } }), "items");
    const tooMany = Array.from({ length: 101 }, () => ({ boardId: board.id, title: "x" }));
    expectValidationError(await call(bulk.POST, "POST", PATH, { key, body: { items: tooMany } }), "items");
  });

  it("403 PLAN_LIMIT when the batch would pass the Free plan's limit, and nothing is written", async () => {
    const { tenant, board, key } = await setup("FREE");
    await db.post.createMany({ data: Array.from({ length: 999 }, (_, i) => ({ workspaceId: tenant.workspace.id, boardId: board.id, title: `p${i}` })) });
    expectError(await call(bulk.POST, "POST", PATH, { key, body: { items: [{ boardId: board.id, title: "a" }, { boardId: board.id, title: "b" }] } }), 403, "PLAN_LIMIT");
    expect(await db.post.count({ where: { workspaceId: tenant.workspace.id } })).toBe(999);
  });
});
