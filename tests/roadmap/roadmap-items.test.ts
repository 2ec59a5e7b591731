import { describe, expect, it } from "vitest";
import * as roadmap from "@/app/api/v1/roadmap/route";
import * as publicRoadmap from "@/app/api/public/[workspace]/roadmap/route";
import { db } from "@/lib/platform/db/client";
import type { RoadmapStage } from "@/lib/generated/prisma/enums";
import { advanceLinkedPosts } from "@/lib/domain/roadmap/advance-linked-posts";
import { createRoadmapItem } from "@/lib/domain/roadmap/create-roadmap-item";
import { deleteRoadmapItem } from "@/lib/domain/roadmap/delete-roadmap-item";
import { getRoadmapBoard } from "@/lib/domain/roadmap/get-roadmap-board";
import { moveRoadmapItem } from "@/lib/domain/roadmap/move-roadmap-item";
import { updateRoadmapItem } from "@/lib/domain/roadmap/update-roadmap-item";
import { ROADMAP_STAGES } from "@/lib/domain/roadmap/schemas";
import { clearPublicCache } from "@/lib/platform/cache/response-cache";
import { call, seedBoard, seedTenant } from "../support/api";
import { actorOf, expectApiError } from "../support/actors";
import { get } from "../public/request";

async function adminWithItems(titles: string[], stage: RoadmapStage = "planned") {
  const tenant = await seedTenant({ published: true });
  const admin = await actorOf(tenant, tenant.owner);
  const items = [];
  for (const title of titles) items.push(await createRoadmapItem(admin, { title, stage }));
  return { tenant, admin, items };
}

/** Each column's titles in display order, and the positions stored for them. */
async function columns(workspaceId: string) {
  const rows = await db.roadmapItem.findMany({ where: { workspaceId }, orderBy: [{ position: "asc" }, { id: "asc" }] });
  return Object.fromEntries(ROADMAP_STAGES.map((stage) => [stage, rows.filter((row) => row.stage === stage)])) as Record<RoadmapStage, typeof rows>;
}
const titlesOf = async (workspaceId: string) => Object.fromEntries(Object.entries(await columns(workspaceId)).map(([stage, rows]) => [stage, rows.map((row) => row.title)]));

describe("roadmap items", () => {
  it("are created at the bottom of their column, edited and deleted; the gap closes", async () => {
    const { tenant, admin, items } = await adminWithItems(["A", "B", "C"]);
    expect(items.map((item) => item.position)).toEqual([0, 1, 2]);
    await updateRoadmapItem(admin, items[1]!.id, { title: "B2", description: "Second" });
    await deleteRoadmapItem(admin, items[0]!.id);
    const planned = (await columns(tenant.workspace.id)).planned;
    expect(planned.map((row) => [row.title, row.position, row.description])).toEqual([["B2", 0, "Second"], ["C", 1, ""]]);
  });

  it("refuse members and viewers (roadmap.manage is for admins), and bad input on its field", async () => {
    const { tenant, items } = await adminWithItems(["A"]);
    for (const role of ["MEMBER", "VIEWER"] as const) {
      const actor = await actorOf(tenant, await tenant.member(role));
      await expectApiError(createRoadmapItem(actor, { title: "x" }), "FORBIDDEN");
      await expectApiError(moveRoadmapItem(actor, items[0]!.id, { stage: "completed", beforeId: null }), "FORBIDDEN");
      await expectApiError(deleteRoadmapItem(actor, items[0]!.id), "FORBIDDEN");
    }
    const admin = await actorOf(tenant, tenant.owner);
    const error = await expectApiError(createRoadmapItem(admin, { title: "  ", stage: "someday" as never }), "VALIDATION_ERROR");
    expect(error.details?.map((detail) => detail.path).sort()).toEqual(["stage", "title"]);
    await expectApiError(createRoadmapItem(admin, { title: "nul\u0000" }), "VALIDATION_ERROR");
  });

  it("move within a column and across columns; the dashboard, GET /api/v1/roadmap and the public roadmap show the same order", async () => {
    const { tenant, admin, items } = await adminWithItems(["A", "B", "C", "D"]);
    const [a, b, c, d] = items.map((item) => item.id);
    await moveRoadmapItem(admin, d!, { stage: "planned", beforeId: a! }); // D A B C
    await moveRoadmapItem(admin, a!, { stage: "planned", beforeId: null }); // D B C A
    await moveRoadmapItem(admin, b!, { stage: "in_progress", beforeId: null }); // D C A | B
    await moveRoadmapItem(admin, c!, { stage: "in_progress", beforeId: b! }); // D A | C B
    const expected = { planned: ["D", "A"], in_progress: ["C", "B"], completed: [] };
    expect(await titlesOf(tenant.workspace.id)).toEqual(expected);
    for (const rows of Object.values(await columns(tenant.workspace.id))) expect(rows.map((row) => row.position)).toEqual(rows.map((_, i) => i));

    const board = await getRoadmapBoard(admin.db);
    expect(Object.fromEntries(ROADMAP_STAGES.map((stage) => [stage, board[stage].map((item) => item.title)]))).toEqual(expected);

    const key = await tenant.key(["roadmap:read"]);
    const api = await call(roadmap.GET, "GET", "/api/v1/roadmap", { key, query: { limit: "100" } });
    const apiColumns = Object.fromEntries(ROADMAP_STAGES.map((stage) => [stage, api.json.data.filter((item: { stage: string }) => item.stage === stage).map((item: { title: string }) => item.title)]));
    expect(apiColumns).toEqual(expected);

    clearPublicCache();
    for (const stage of ROADMAP_STAGES) {
      const answer = await get(publicRoadmap.GET, `/api/public/${tenant.workspace.slug}/roadmap?stage=${stage}`, { workspace: tenant.workspace.slug });
      expect(answer.json.data.map((item: { title: string }) => item.title)).toEqual(expected[stage]);
    }
  });

  it("concurrent moves from several tabs end in one consistent order: every item once, positions 0…n-1 in each column", async () => {
    const titles = Array.from({ length: 8 }, (_, i) => `I${i}`);
    const { tenant, admin, items } = await adminWithItems(titles);
    const ids = items.map((item) => item.id);
    // Each "tab" moves a different item somewhere, anchored on items it saw in the original order.
    const moves = [
      [ids[7]!, { stage: "planned" as const, beforeId: ids[0]! }],
      [ids[0]!, { stage: "in_progress" as const, beforeId: null }],
      [ids[3]!, { stage: "planned" as const, beforeId: ids[1]! }],
      [ids[5]!, { stage: "completed" as const, beforeId: null }],
      [ids[2]!, { stage: "planned" as const, beforeId: null }],
      [ids[6]!, { stage: "in_progress" as const, beforeId: null }],
      [ids[1]!, { stage: "planned" as const, beforeId: ids[4]! }],
    ] as const;
    const results = await Promise.allSettled(moves.map(([id, move]) => moveRoadmapItem(admin, id, move)));
    // An anchor that another tab moved to a different column first is refused with CONFLICT, not misapplied.
    for (const result of results) if (result.status === "rejected") expect(result.reason).toMatchObject({ code: "CONFLICT" });
    const after = await columns(tenant.workspace.id);
    const all = Object.values(after).flat();
    expect(all.map((row) => row.id).sort()).toEqual([...ids].sort());
    for (const rows of Object.values(after)) expect(rows.map((row) => row.position)).toEqual(rows.map((_, i) => i));
    // Every move that succeeded holds where no later move touched it: its stage is the one asked for.
    moves.forEach(([id, move], index) => {
      if (results[index]!.status === "fulfilled") expect(all.find((row) => row.id === id)!.stage).toBe(move.stage);
    });
  });

  it("two tabs moving different items to the top at once: both end on top, one above the other", async () => {
    const { tenant, admin, items } = await adminWithItems(["A", "B", "C", "D"]);
    const [a, , c, d] = items.map((item) => item.id);
    await Promise.all([moveRoadmapItem(admin, c!, { stage: "planned", beforeId: a! }), moveRoadmapItem(admin, d!, { stage: "planned", beforeId: a! })]);
    const order = (await titlesOf(tenant.workspace.id)).planned!;
    expect(order.slice(0, 2).sort()).toEqual(["C", "D"]);
    expect(order.slice(2)).toEqual(["A", "B"]);
  });

  it("a move of an item deleted in another tab answers 404 saying so; an anchor deleted meanwhile answers 409; nothing moves", async () => {
    const { tenant, admin, items } = await adminWithItems(["A", "B", "C"]);
    const [a, b, c] = items.map((item) => item.id);
    await deleteRoadmapItem(admin, a!);
    const gone = await expectApiError(moveRoadmapItem(admin, a!, { stage: "completed", beforeId: null }), "NOT_FOUND");
    expect(gone.message).toMatch(/deleted, perhaps in another tab/);
    await deleteRoadmapItem(admin, b!);
    const stale = await expectApiError(moveRoadmapItem(admin, c!, { stage: "planned", beforeId: b! }), "CONFLICT");
    expect(stale.message).toMatch(/deleted or moved in another tab/);
    expect(await titlesOf(tenant.workspace.id)).toEqual({ planned: ["C"], in_progress: [], completed: [] });
    await expectApiError(moveRoadmapItem(admin, c!, { stage: "planned", beforeId: c! }), "VALIDATION_ERROR");
  });

  it("a stage change offers the linked posts B4 lets follow; accepting moves them, declining leaves them", async () => {
    const { tenant, admin, items } = await adminWithItems(["Dark mode"]);
    const board = await seedBoard(tenant.workspace.id);
    const post = (title: string, status: "open" | "planned" | "completed" | "closed") =>
      db.post.create({ data: { workspaceId: tenant.workspace.id, boardId: board.id, title, status, roadmapItemId: items[0]!.id } });
    const open = await post("Open one", "open");
    const planned = await post("Planned one", "planned");
    await post("Done already", "completed");
    const closed = await post("Closed one", "closed");

    const moved = await moveRoadmapItem(admin, items[0]!.id, { stage: "in_progress", beforeId: null });
    expect(moved.offer?.status).toBe("in_progress");
    expect(moved.offer?.posts.map((p) => p.title).sort()).toEqual(["Open one", "Planned one"]);
    // Declining is doing nothing: the posts keep their status.
    expect((await db.post.findUniqueOrThrow({ where: { id: open.id } })).status).toBe("open");

    expect(await advanceLinkedPosts(admin, items[0]!.id, { postIds: [open.id, planned.id, closed.id] })).toEqual({ status: "in_progress", moved: 2, skipped: 1 });
    expect((await db.post.findUniqueOrThrow({ where: { id: open.id } })).status).toBe("in_progress");
    expect((await db.post.findUniqueOrThrow({ where: { id: closed.id } })).status).toBe("closed");
    // Within a column, or backwards, there is nothing to offer.
    expect((await moveRoadmapItem(admin, items[0]!.id, { stage: "in_progress", beforeId: null })).offer).toBeNull();
    expect((await moveRoadmapItem(admin, items[0]!.id, { stage: "planned", beforeId: null })).offer).toBeNull();
  });
});
