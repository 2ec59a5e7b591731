import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { changeWorkspacePlan } from "@/lib/domain/plans/change-workspace-plan";
import { createPost } from "@/lib/domain/posts/create-post";
import { actorOf } from "../support/actors";
import { seedBoard, seedTenant } from "../support/api";

// Posts are created side by side on a plan without a post limit: each holds its workspace's row
// shared, so one create in flight does not hold up the next, while a plan change waits for the
// creates in flight. A plan with a limit still counts one create at a time (tests/api/posts.test.ts
// races 32 creates past the FREE limit). "A create in flight" is played by a second connection
// holding the row as a create does, inside an open transaction.

const holders: pg.Client[] = [];
afterEach(async () => {
  await Promise.all(holders.splice(0).map((client) => client.end()));
});

/** A transaction on its own connection that holds the workspace's row as a post create does, until released. */
async function createInFlight(workspaceId: string) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  holders.push(client);
  await client.connect();
  await client.query("BEGIN");
  await client.query(`SELECT plan FROM "Workspace" WHERE id = $1 FOR SHARE`, [workspaceId]);
  return { release: () => client.query("COMMIT") };
}

function settledWithin<T>(promise: Promise<T>, ms: number): Promise<"settled" | "waiting"> {
  return Promise.race([promise.then(() => "settled" as const), new Promise<"waiting">((resolve) => setTimeout(() => resolve("waiting"), ms))]);
}

describe.skipIf(!process.env.DATABASE_URL)("post creates side by side", () => {
  it("on PRO, a create does not wait for another in flight; a downgrade waits for it, and the next create counts against FREE", async () => {
    const tenant = await seedTenant({ plan: "PRO" });
    const board = await seedBoard(tenant.workspace.id);
    const actor = await actorOf(tenant, tenant.owner);
    const inFlight = await createInFlight(tenant.workspace.id);

    const created = createPost(actor, { boardId: board.id, title: "Alongside" });
    expect(await settledWithin(created, 5_000)).toBe("settled");
    expect((await created).title).toBe("Alongside");

    const downgrade = changeWorkspacePlan({ kind: "cli", systemUser: "root" }, { workspace: { slug: tenant.workspace.slug }, plan: "FREE" });
    expect(await settledWithin(downgrade, 1_000)).toBe("waiting");
    await inFlight.release();
    expect((await downgrade).to).toBe("FREE");

    // At the FREE limit now: the next create is refused.
    await db.post.createMany({ data: Array.from({ length: 999 }, (_, i) => ({ workspaceId: tenant.workspace.id, boardId: board.id, title: `p${i}` })) });
    await expect(createPost(actor, { boardId: board.id, title: "One too many" })).rejects.toMatchObject({ code: "PLAN_LIMIT" });
    expect(await db.post.count({ where: { workspaceId: tenant.workspace.id } })).toBe(1000);
  });

  it("on FREE, a create waits for the one in flight (the count must see it)", async () => {
    const tenant = await seedTenant({ plan: "FREE" });
    const board = await seedBoard(tenant.workspace.id);
    const actor = await actorOf(tenant, tenant.owner);
    const inFlight = await createInFlight(tenant.workspace.id);
    const created = createPost(actor, { boardId: board.id, title: "After the other" });
    expect(await settledWithin(created, 1_000)).toBe("waiting");
    await inFlight.release();
    expect((await created).title).toBe("After the other");
  });
});
