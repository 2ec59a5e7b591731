import type { ScopedDb } from "@/lib/platform/db/scoped";
import type { PostStatus, RoadmapStage } from "@/lib/generated/prisma/enums";
import { canTransition } from "@/lib/domain/posts/status-rules";
import { LISTED_POSTS } from "@/lib/domain/access/visibility";

// Each stage names the post status it stands for.
export const STATUS_OF_STAGE: Record<RoadmapStage, PostStatus> = { planned: "planned", in_progress: "in_progress", completed: "completed" };
const OFFER_LIMIT = 100;

/**
 * The item's linked posts whose status may move to the stage's (status rules: forward only, never out
 * of a merge). Posts already there, behind it or merged away are left out.
 */
export async function linkedPostsToAdvance(db: ScopedDb, roadmapItemId: string, stage: RoadmapStage) {
  const status = STATUS_OF_STAGE[stage];
  const posts = await db.post.findMany({
    where: { roadmapItemId, ...LISTED_POSTS, status: { not: status } },
    orderBy: [{ voteCount: "desc" }, { id: "asc" }],
    take: OFFER_LIMIT,
    select: { id: true, title: true, status: true },
  });
  const movable = posts.filter((post) => canTransition(post.status, status));
  return movable.length ? { status, posts: movable } : null;
}
