import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { getWorkspaceOverview, NEW_POST_DAYS } from "@/lib/domain/workspaces/get-workspace-overview";
import { seedBoard, seedTenant } from "../support/api";
import { actorOf } from "../support/actors";

const DAY_MS = 24 * 60 * 60 * 1000;

describe("getWorkspaceOverview", () => {
  it("a new workspace: nothing to attend to, and every getting-started step open", async () => {
    const tenant = await seedTenant();
    const overview = await getWorkspaceOverview(await actorOf(tenant, tenant.owner));
    expect(overview).toEqual({
      portalPublished: false,
      counts: { boards: 0, posts: 0, roadmapItems: 0, publishedNotes: 0, statusComponents: 0, openTodos: 0, members: 1, pendingInvitations: 0, activeKeys: 0 },
      attention: { newPosts: 0, draftNotes: 0, activeIncidentCount: 0, activeIncidents: [] },
      checklist: { board: false, portal: false, apiKey: false, teammate: false },
    });
  });

  it("the checklist ticks itself off from the data, one step at a time", async () => {
    const tenant = await seedTenant();
    const actor = await actorOf(tenant, tenant.owner);
    const checklist = async () => (await getWorkspaceOverview(actor)).checklist;

    await seedBoard(tenant.workspace.id);
    expect(await checklist()).toEqual({ board: true, portal: false, apiKey: false, teammate: false });
    await db.workspace.update({ where: { id: tenant.workspace.id }, data: { portalPublished: true } });
    expect(await checklist()).toEqual({ board: true, portal: true, apiKey: false, teammate: false });
    // A revoked or expired key is no key to build with.
    await tenant.key(["posts:read"], { revokedAt: new Date() });
    await tenant.key(["posts:read"], { expiresAt: new Date(Date.now() - 1000) });
    expect((await checklist()).apiKey).toBe(false);
    await tenant.key(["posts:read"]);
    expect(await checklist()).toEqual({ board: true, portal: true, apiKey: true, teammate: false });
    // A pending invitation counts as inviting; so does a second member.
    const invitation = await db.invitation.create({
      data: { workspaceId: tenant.workspace.id, email: `t-${crypto.randomUUID()}@example.test`, role: "MEMBER", expiresAt: new Date(Date.now() + 86_400_000) },
    });
    expect((await checklist()).teammate).toBe(true);
    await db.invitation.delete({ where: { id: invitation.id } });
    expect((await checklist()).teammate).toBe(false);
    await tenant.member("VIEWER");
    expect(await checklist()).toEqual({ board: true, portal: true, apiKey: true, teammate: true });
  });

  it("counts what needs attention: open posts of the last week, drafts, active incidents (newest first); not another workspace's", async () => {
    const now = new Date("2030-06-15T12:00:00Z");
    const tenant = await seedTenant();
    const other = await seedTenant();
    const workspaceId = tenant.workspace.id;
    const board = await seedBoard(workspaceId);
    const otherBoard = await seedBoard(other.workspace.id);
    const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
    await db.post.createMany({
      data: [
        { workspaceId, boardId: board.id, title: "new", createdAt: daysAgo(1) },
        { workspaceId, boardId: board.id, title: "new, on the edge", createdAt: daysAgo(NEW_POST_DAYS) },
        { workspaceId, boardId: board.id, title: "old", createdAt: daysAgo(NEW_POST_DAYS + 1) },
        { workspaceId, boardId: board.id, title: "new but triaged", status: "planned", createdAt: daysAgo(1) },
        { workspaceId: other.workspace.id, boardId: otherBoard.id, title: "someone else's", createdAt: daysAgo(1) },
      ],
    });
    await db.releaseNote.createMany({
      data: [
        { workspaceId, title: "draft 1" },
        { workspaceId, title: "draft 2" },
        { workspaceId, title: "out", status: "published", publishedAt: daysAgo(2) },
        { workspaceId: other.workspace.id, title: "someone else's draft" },
      ],
    });
    const older = await db.incident.create({ data: { workspaceId, title: "Slow search", impact: "minor", createdAt: daysAgo(1) } });
    const newer = await db.incident.create({ data: { workspaceId, title: "API down", impact: "critical", status: "identified", createdAt: daysAgo(0.1) } });
    await db.incident.create({ data: { workspaceId, title: "Resolved", resolvedAt: daysAgo(0.5), status: "resolved" } });
    await db.incident.create({ data: { workspaceId: other.workspace.id, title: "someone else's" } });
    const list = await db.todoList.create({ data: { workspaceId, name: "Launch" } });
    await db.todoItem.createMany({
      data: [
        { workspaceId, listId: list.id, title: "open" },
        { workspaceId, listId: list.id, title: "done", completedAt: now },
        { workspaceId, listId: list.id, title: "archived", archivedAt: now },
      ],
    });
    await db.roadmapItem.create({ data: { workspaceId, title: "Dark mode" } });
    // Shipped: not "planned or under way", so not counted.
    await db.roadmapItem.create({ data: { workspaceId, title: "Single sign-on", stage: "completed" } });
    await db.statusComponent.create({ data: { workspaceId, name: "API" } });

    const viewer = await tenant.member("VIEWER");
    const overview = await getWorkspaceOverview(await actorOf(tenant, viewer), now);
    expect(overview.attention).toEqual({
      newPosts: 2,
      draftNotes: 2,
      activeIncidentCount: 2,
      activeIncidents: [
        { id: newer.id, title: "API down", status: "identified", impact: "critical", createdAt: newer.createdAt },
        { id: older.id, title: "Slow search", status: "investigating", impact: "minor", createdAt: older.createdAt },
      ],
    });
    expect(overview.counts).toEqual({
      boards: 1, posts: 4, roadmapItems: 1, publishedNotes: 1, statusComponents: 1, openTodos: 1, members: 2, pendingInvitations: 0, activeKeys: 0,
    });
  });
});
