import { describe, expect, it } from "vitest";
import * as collection from "@/app/api/v1/roadmap/route";
import { db } from "@/lib/platform/db/client";
import type { PostStatus, RoadmapStage } from "@/lib/generated/prisma/enums";
import { call, seedBoard, seedTenant } from "../support/api";
import { itAnswers405, itChecksKeys, itRejectsQueries } from "../support/endpoint-checklist";
import { expectEachExactlyOnce, onlyPreExisting, walkAllPages } from "../support/pagination";

async function tenantWithBoard() {
  const tenant = await seedTenant();
  const board = await seedBoard(tenant.workspace.id);
  return { tenant, board, key: await tenant.key(["roadmap:read"]) };
}

async function seedItem(workspaceId: string, data: Partial<{ title: string; stage: RoadmapStage; position: number }> = {}) {
  return db.roadmapItem.create({ data: { workspaceId, title: data.title ?? "An item", stage: data.stage, position: data.position } });
}

async function seedLinkedPost(
  workspaceId: string,
  boardId: string,
  roadmapItemId: string,
  data: Partial<{ title: string; status: PostStatus; voteCount: number }> = {},
) {
  return db.post.create({ data: { workspaceId, boardId, roadmapItemId, title: data.title ?? "A post", ...data } });
}

const listRoadmap = (key: string, query: Record<string, string> = {}) => call(collection.GET, "GET", "/api/v1/roadmap", { key, query });

describe("GET /api/v1/roadmap", () => {
  itChecksKeys({ handler: collection.GET, method: "GET", path: "/api/v1/roadmap", scope: "roadmap:read" });

  it("200 lists this workspace's items in display order, each with its linked posts", async () => {
    const { tenant, board, key } = await tenantWithBoard();
    const other = await tenantWithBoard();
    await seedItem(other.tenant.workspace.id, { title: "foreign" });
    const second = await seedItem(tenant.workspace.id, { title: "Dark mode", stage: "in_progress", position: 1 });
    const first = await seedItem(tenant.workspace.id, { title: "Export", stage: "planned", position: 0 });
    const popular = await seedLinkedPost(tenant.workspace.id, board.id, second.id, { title: "Popular", status: "in_progress", voteCount: 7 });
    const quiet = await seedLinkedPost(tenant.workspace.id, board.id, second.id, { title: "Quiet", voteCount: 1 });
    await db.post.create({ data: { workspaceId: tenant.workspace.id, boardId: board.id, title: "Not on the roadmap" } });

    const result = await listRoadmap(key);
    expect(result.status).toBe(200);
    expect(result.json).toEqual({
      success: true,
      data: [
        expect.objectContaining({ id: first.id, posts: [], postCount: 0 }),
        {
          id: second.id,
          title: "Dark mode",
          description: "",
          stage: "in_progress",
          position: 1,
          postCount: 2,
          posts: [
            { id: popular.id, title: "Popular", status: "in_progress", voteCount: 7, boardId: board.id },
            { id: quiet.id, title: "Quiet", status: "open", voteCount: 1, boardId: board.id },
          ],
          createdAt: second.createdAt.toISOString(),
          updatedAt: second.updatedAt.toISOString(),
        },
      ],
      pagination: { nextCursor: null, hasMore: false },
    });
    expect(result.headers.get("x-ratelimit-limit")).toBe("100");
  });

  it("never shows another workspace's post, even one pointing at this workspace's item", async () => {
    const { tenant, key } = await tenantWithBoard();
    const other = await tenantWithBoard();
    const roadmapItem = await seedItem(tenant.workspace.id);
    await seedLinkedPost(other.tenant.workspace.id, other.board.id, roadmapItem.id, { title: "smuggled" });
    const result = await listRoadmap(key);
    expect(result.json.data).toEqual([expect.objectContaining({ id: roadmapItem.id, posts: [], postCount: 0 })]);
  });

  it("filters by stage, keeping display order within it", async () => {
    const { tenant, key } = await tenantWithBoard();
    const later = await seedItem(tenant.workspace.id, { stage: "planned", position: 5 });
    const sooner = await seedItem(tenant.workspace.id, { stage: "planned", position: 2 });
    const done = await seedItem(tenant.workspace.id, { stage: "completed", position: 0 });
    const ids = async (stage: string) => (await listRoadmap(key, { stage })).json.data.map((entry: { id: string }) => entry.id);
    expect(await ids("planned")).toEqual([sooner.id, later.id]);
    expect(await ids("completed")).toEqual([done.id]);
    expect(await ids("in_progress")).toEqual([]);
  });

  it("walking every page while items are inserted returns each pre-existing item exactly once", async () => {
    const { tenant, key } = await tenantWithBoard();
    const stages: RoadmapStage[] = ["planned", "in_progress", "completed"];
    // Repeated positions make the id tie-break do real work.
    const existing = await Promise.all(
      Array.from({ length: 17 }, (_, i) => seedItem(tenant.workspace.id, { stage: stages[i % 3], position: i % 4 })),
    );
    const walks: Record<string, string>[] = [{}, { stage: "planned" }];
    for (const stageQuery of walks) {
      const expected = existing.filter((entry) => !stageQuery.stage || entry.stage === stageQuery.stage);
      const { rows, ids } = await walkAllPages<{ id: string; position: number }>({
        limit: 4,
        fetch: (query) => listRoadmap(key, { ...query, ...stageQuery }),
        meanwhile: () => seedItem(tenant.workspace.id, { stage: "planned", position: 2 }),
      });
      expectEachExactlyOnce(onlyPreExisting(ids, existing), expected);
      const positions = rows.map((entry) => entry.position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
  });

  itRejectsQueries({
    handler: collection.GET,
    path: "/api/v1/roadmap",
    key: async () => (await tenantWithBoard()).key,
    cases: [
      [{ limit: "0" }, "limit"],
      [{ limit: "101" }, "limit"],
      [{ limit: "abc" }, "limit"],
      [{ stage: "shipped" }, "stage"],
      [{ stage: "planned\u0000" }, "stage"],
      [{ stage: "\ud800" }, "stage"],
      [{ cursor: "not-a-cursor" }, "cursor"],
      [{ unknown: "1" }, "unknown"],
    ],
  });

  itAnswers405(collection, "/api/v1/roadmap", { methods: ["DELETE"], allow: "GET, POST, HEAD" });
});
