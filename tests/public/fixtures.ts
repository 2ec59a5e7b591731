import { db } from "@/lib/platform/db/client";
import { clearPublicCache } from "@/lib/platform/cache/response-cache";
import { createTestUser, seedBoard, seedTenant, uniqueSuffix } from "../support/api";

// A published workspace with one row of each kind that must show, and one of each kind that must
// never show (private board and its post, draft note), plus an unpublished and a foreign tenant.
export async function seedPortal() {
  clearPublicCache();
  const tenant = await seedTenant({ published: true });
  const workspaceId = tenant.workspace.id;
  const author = await createTestUser("author");
  const board = await seedBoard(workspaceId, { name: `Ideas ${uniqueSuffix()}` });
  const privateBoard = await seedBoard(workspaceId, { name: `Internal ${uniqueSuffix()}`, isPublic: false });
  const roadmapItem = await db.roadmapItem.create({ data: { workspaceId, title: "Dark mode", stage: "in_progress", position: 1 } });
  const post = await db.post.create({
    data: { workspaceId, boardId: board.id, authorId: author.id, title: "Dark mode please", body: "Night owls.", roadmapItemId: roadmapItem.id, voteCount: 0 },
  });
  const privatePost = await db.post.create({
    data: { workspaceId, boardId: privateBoard.id, authorId: author.id, title: "Secret plan", roadmapItemId: roadmapItem.id },
  });
  const comment = await db.comment.create({ data: { workspaceId, postId: post.id, authorId: author.id, body: "Yes please" } });
  await db.post.update({ where: { id: post.id }, data: { commentCount: 1 } });
  const published = await db.releaseNote.create({
    data: { workspaceId, title: "Faster search", body: "Search is **fast**.", status: "published", publishedAt: new Date(Date.now() - 60_000) },
  });
  const draft = await db.releaseNote.create({ data: { workspaceId, title: "Unannounced", body: "Shh", status: "draft" } });
  const api = await db.statusComponent.create({ data: { workspaceId, name: "API", position: 0 } });
  const web = await db.statusComponent.create({ data: { workspaceId, name: "Website", position: 1 } });
  return { tenant, workspaceId, slug: tenant.workspace.slug, author, board, privateBoard, roadmapItem, post, privatePost, comment, published, draft, api, web };
}
export type Portal = Awaited<ReturnType<typeof seedPortal>>;

export async function openIncident(workspaceId: string, data: { title?: string; impact?: "none" | "minor" | "major" | "critical"; message?: string; componentIds?: string[] } = {}) {
  const incident = await db.incident.create({
    data: { workspaceId, title: data.title ?? "API errors", impact: data.impact ?? "major", status: "investigating" },
  });
  await db.incidentUpdate.create({
    data: { workspaceId, incidentId: incident.id, status: "investigating", impact: incident.impact, message: data.message ?? "Looking into it." },
  });
  for (const componentId of data.componentIds ?? []) {
    await db.incidentComponent.create({ data: { workspaceId, incidentId: incident.id, componentId } });
  }
  return incident;
}

/** The JSON of an answer with its per-request id removed, to compare bodies across requests. */
export function withoutRequestId(json: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(json).filter(([key]) => key !== "requestId"));
}
