import { DomainError } from "@/lib/platform/core/errors";
import { idSchema } from "@/lib/platform/core/schemas";
import { isForeignKeyViolation } from "@/lib/platform/db/errors";
import { recordEvent } from "@/lib/platform/events/record-event";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { getPostOrThrow } from "./get-post";
import { postView } from "./view";

/**
 * Links a post to a roadmap item of the same workspace, or unlinks it (null). Called from the
 * post page and from the roadmap page's picker; members and above (lib/domain/access/roles.ts).
 */
export async function setPostRoadmapItem(actor: WorkspaceActor, postId: string, roadmapItemId: string | null) {
  authorize(actor, "posts.linkRoadmap", "link posts to the roadmap");
  if (roadmapItemId !== null && !idSchema.safeParse(roadmapItemId).success) throw roadmapItemNotFound();
  return actor.db.$transaction(async (tx) => {
    const before = await getPostOrThrow(tx, postId);
    if (roadmapItemId !== null && !(await tx.roadmapItem.findUnique({ where: { id: roadmapItemId }, select: { id: true } }))) {
      throw roadmapItemNotFound();
    }
    try {
      await tx.post.updateMany({ where: { id: postId }, data: { roadmapItemId } });
    } catch (error) {
      // The item was deleted between the check and the update.
      if (isForeignKeyViolation(error)) throw roadmapItemNotFound();
      throw error;
    }
    const updated = postView(await getPostOrThrow(tx, postId));
    if (before.roadmapItemId !== roadmapItemId) {
      await recordEvent(tx, { workspaceId: actor.workspaceId, type: "post.updated", data: updated, previous: { roadmapItemId: before.roadmapItemId } });
    }
    return updated;
  });
}

function roadmapItemNotFound() {
  return new DomainError("NOT_FOUND", "Roadmap item not found.", [{ path: "roadmapItemId", message: "That roadmap item does not exist (any more).", code: "not_found" }]);
}
