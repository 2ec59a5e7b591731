import { DomainError } from "@/lib/platform/core/errors";
import { getPostOrThrow } from "@/lib/domain/posts/get-post";
import { setPostRoadmapItem } from "@/lib/domain/posts/set-post-roadmap-item";
import type { WorkspaceActor } from "@/lib/domain/access/actor";

/**
 * Unlinks a post from this item only: a post linked to another item is refused (404), so an
 * integration mirroring one item does not undo a link someone made to another.
 */
export async function unlinkRoadmapPost(actor: WorkspaceActor, roadmapItemId: string, postId: string) {
  const post = await getPostOrThrow(actor.db, postId);
  if (post.roadmapItemId !== roadmapItemId) throw new DomainError("NOT_FOUND", "This post is not linked to this roadmap item.");
  return setPostRoadmapItem(actor, postId, null);
}
