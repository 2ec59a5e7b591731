import { publishedBy } from "@/lib/domain/access/published-release-notes";
import { DomainError } from "@/lib/platform/core/errors";
import { db } from "@/lib/platform/db/client";
import { WORKSPACE_GONE } from "@/lib/platform/db/scoped";
import type { IncidentImpact, IncidentStatus } from "@/lib/generated/prisma/enums";
import type { WorkspaceActor } from "@/lib/domain/access/actor";
import { activeIncidentFilter } from "@/lib/domain/access/visibility";

/** "New" posts on the overview: still `open` (nobody has triaged them) and at most this old. */
export const NEW_POST_DAYS = 7;
const ACTIVE_INCIDENTS_SHOWN = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface WorkspaceOverview {
  portalPublished: boolean;
  counts: {
    boards: number;
    posts: number;
    roadmapItems: number;
    publishedNotes: number;
    statusComponents: number;
    openTodos: number;
    members: number;
    pendingInvitations: number;
    activeKeys: number;
  };
  attention: {
    newPosts: number;
    draftNotes: number;
    activeIncidentCount: number;
    activeIncidents: { id: string; title: string; status: IncidentStatus; impact: IncidentImpact; createdAt: Date }[];
  };
  /** The getting-started steps, each ticked from the data itself. */
  checklist: { board: boolean; portal: boolean; apiKey: boolean; teammate: boolean };
}

/**
 * Everything the overview shows, in four statements run together: the workspace's row with the
 * sizes of its resources (Prisma's relation counts: one statement, each count a subquery that the
 * planner fences to this workspace's index range), then through the scoped accessor the new posts,
 * the drafts and the active incidents.
 */
export async function getWorkspaceOverview(actor: WorkspaceActor, now = new Date()): Promise<WorkspaceOverview> {
  const weekAgo = new Date(now.getTime() - NEW_POST_DAYS * DAY_MS);
  const [workspace, newPosts, draftNotes, activeIncidents] = await Promise.all([
    // The tenant row itself, reached by the actor's own id: every count hangs off it.
    db.workspace.findUnique({
      where: { id: actor.workspaceId },
      select: {
        portalPublished: true,
        _count: {
          select: {
            boards: true,
            posts: true,
            // What is still ahead: the card says "planned or under way", so shipped items stay out.
            roadmapItems: { where: { stage: { not: "completed" } } },
            // Live notes only: a scheduled one counts from its publishedAt.
            releaseNotes: { where: publishedBy(now) },
            statusComponents: true,
            incidents: { where: activeIncidentFilter },
            todoItems: { where: { completedAt: null, archivedAt: null } },
            memberships: true,
            invitations: true,
            apiKeys: { where: { revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] } },
          },
        },
      },
    }),
    actor.db.post.count({ where: { status: "open", createdAt: { gte: weekAgo } } }),
    actor.db.releaseNote.count({ where: { status: "draft" } }),
    actor.db.incident.findMany({
      where: activeIncidentFilter,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: ACTIVE_INCIDENTS_SHOWN,
      select: { id: true, title: true, status: true, impact: true, createdAt: true },
    }),
  ]);
  if (!workspace) throw new DomainError("NOT_FOUND", WORKSPACE_GONE);
  const count = workspace._count;
  const counts = {
    boards: count.boards,
    posts: count.posts,
    roadmapItems: count.roadmapItems,
    publishedNotes: count.releaseNotes,
    statusComponents: count.statusComponents,
    openTodos: count.todoItems,
    members: count.memberships,
    pendingInvitations: count.invitations,
    activeKeys: count.apiKeys,
  };
  return {
    portalPublished: workspace.portalPublished,
    counts,
    attention: { newPosts, draftNotes, activeIncidentCount: count.incidents, activeIncidents },
    checklist: {
      board: counts.boards > 0,
      portal: workspace.portalPublished,
      apiKey: counts.activeKeys > 0,
      teammate: counts.members > 1 || counts.pendingInvitations > 0,
    },
  };
}
