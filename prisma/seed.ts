import type { PrismaClient } from "@/lib/generated/prisma/client";
import { hashPassword } from "@/lib/platform/auth/password";

// The demo workspace a first `npm run dev` shows: a published portal and a few rows in every
// resource, so each page and endpoint has something to show.
export const DEMO_LOGIN = { email: "demo@example.com", password: "demo-password" } as const;
export const DEMO_WORKSPACE_SLUG = "acme";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const daysAgo = (days: number) => minutesAgo(days * 24 * 60);

export async function seedDemo(db: PrismaClient): Promise<{ seeded: boolean }> {
  if (await db.workspace.findUnique({ where: { slug: DEMO_WORKSPACE_SLUG }, select: { id: true } })) {
    return { seeded: false };
  }
  const passwordHash = await hashPassword(DEMO_LOGIN.password);
  await db.$transaction(async (tx) => {
    const demo = await tx.user.create({ data: { email: DEMO_LOGIN.email, name: "Demo Admin", passwordHash, emailVerifiedAt: new Date() } });
    const voter = await tx.user.create({ data: { email: "visitor@example.com", name: "Vera Visitor", passwordHash, emailVerifiedAt: new Date() } });
    const workspace = await tx.workspace.create({
      data: {
        slug: DEMO_WORKSPACE_SLUG,
        name: "Acme",
        portalPublished: true,
        memberships: { create: [{ userId: demo.id, role: "OWNER" }] },
      },
    });
    const workspaceId = workspace.id;

    const features = await tx.board.create({
      data: { workspaceId, name: "Feature requests", slug: "features", description: "Ideas for Acme.", createdAt: daysAgo(30) },
    });
    const bugs = await tx.board.create({
      data: { workspaceId, name: "Bugs", slug: "bugs", description: "Something broken? Tell us.", createdAt: daysAgo(29) },
    });
    await tx.board.create({
      data: { workspaceId, name: "Internal", slug: "internal", description: "Team only.", isPublic: false, createdAt: daysAgo(28) },
    });

    const darkMode = await tx.roadmapItem.create({
      data: { workspaceId, title: "Dark mode", description: "A dark theme for the dashboard and portal.", stage: "in_progress" },
    });
    const exports = await tx.roadmapItem.create({
      data: { workspaceId, title: "CSV export", description: "Export posts and votes.", stage: "planned" },
    });

    const posts = [
      { boardId: features.id, title: "Dark mode", body: "Please add a dark theme.", status: "in_progress", tags: ["ui"], roadmapItemId: darkMode.id },
      { boardId: features.id, title: "Export to CSV", body: "We need our data in spreadsheets.", status: "planned", tags: ["data"], roadmapItemId: exports.id },
      { boardId: features.id, title: "Slack notifications", body: "Notify a channel on new posts.", status: "under_review", tags: ["integrations"] },
      { boardId: bugs.id, title: "Login page jumps on mobile", body: "The form shifts when the keyboard opens.", status: "open", tags: ["mobile"] },
    ] as const;
    for (const [index, post] of posts.entries()) {
      const created = await tx.post.create({
        data: { workspaceId, authorId: demo.id, ...post, tags: [...post.tags], createdAt: daysAgo(20 - index) },
      });
      if (index < 3) {
        await tx.vote.createMany({
          data: [demo, voter].slice(0, index === 0 ? 2 : 1).map((user) => ({ workspaceId, postId: created.id, userId: user.id })),
        });
        await tx.comment.create({
          data: { workspaceId, postId: created.id, authorId: voter.id, body: "Yes please, this would help us a lot." },
        });
        await tx.post.update({
          where: { id: created.id },
          data: { voteCount: index === 0 ? 2 : 1, commentCount: 1 },
        });
      }
    }

    await tx.releaseNote.createMany({
      data: [
        { workspaceId, authorId: demo.id, title: "Roadmap view", body: "The roadmap now shows **columns** per stage.", status: "published", publishedAt: daysAgo(14) },
        { workspaceId, authorId: demo.id, title: "Faster search", body: "Search answers in under 50 ms.", status: "published", publishedAt: daysAgo(3) },
        { workspaceId, authorId: demo.id, title: "Dark mode (draft)", body: "Coming soon.", status: "draft" },
      ],
    });

    // Created 120 days ago, so the portal shows a full 90 days of uptime bars.
    const [api, , webhooks] = await Promise.all(
      ["API", "Dashboard", "Webhooks"].map((name, position) =>
        tx.statusComponent.create({ data: { workspaceId, name, position, createdAt: daysAgo(120) } }),
      ),
    );
    const incident = await tx.incident.create({
      data: {
        workspaceId,
        title: "Elevated API latency",
        status: "resolved",
        impact: "minor",
        createdAt: daysAgo(2),
        resolvedAt: minutesAgo(2 * 24 * 60 - 45),
      },
    });
    await tx.incidentComponent.create({ data: { workspaceId, incidentId: incident.id, componentId: api!.id } });
    await tx.incidentUpdate.createMany({
      data: [
        { workspaceId, incidentId: incident.id, status: "investigating", impact: "minor", message: "We are looking into slow API responses.", createdAt: daysAgo(2) },
        { workspaceId, incidentId: incident.id, status: "resolved", impact: "minor", message: "A slow query was fixed.", createdAt: minutesAgo(2 * 24 * 60 - 45) },
      ],
    });
    // What the incident did to the API, as the status history records it (the uptime bars).
    await tx.componentStatusChange.createMany({
      data: [
        { workspaceId, componentId: api!.id, fromStatus: "operational", toStatus: "degraded_performance", at: daysAgo(2) },
        { workspaceId, componentId: api!.id, fromStatus: "degraded_performance", toStatus: "operational", at: minutesAgo(2 * 24 * 60 - 45) },
      ],
    });
    const maintenance = await tx.maintenance.create({
      data: { workspaceId, title: "Database upgrade", message: "Webhooks may be delayed by a few minutes.", startsAt: daysAgo(-3), endsAt: minutesAgo(-3 * 24 * 60 - 60) },
    });
    await tx.maintenanceComponent.create({ data: { workspaceId, maintenanceId: maintenance.id, componentId: webhooks!.id } });

    const list = await tx.todoList.create({ data: { workspaceId, name: "Launch" } });
    await tx.todoItem.createMany({
      data: [
        { workspaceId, listId: list.id, title: "Write the announcement", completedAt: daysAgo(1) },
        { workspaceId, listId: list.id, title: "Publish the status page" },
        { workspaceId, listId: list.id, title: "Old checklist", archivedAt: daysAgo(5) },
      ],
    });
  });
  return { seeded: true };
}
