import { DomainError } from "@/lib/platform/core/errors";
import { validate } from "@/lib/platform/core/validate";
import { idSchema } from "@/lib/platform/core/schemas";
import { updatePost } from "@/lib/domain/posts/update-post";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { z } from "zod";
import { ROADMAP_ITEM_GONE } from "./get-roadmap-item";
import { STATUS_OF_STAGE } from "./linked-posts-to-advance";

const advanceInput = z.strictObject({ postIds: z.array(idSchema).min(1, "Choose at least one post.").max(100) });

/**
 * The accepted offer after a stage change: the chosen linked posts take the status of the item's
 * current stage, each through the posts' own update (its B4 rules and role check). A post that
 * changed meanwhile so the move is no longer allowed is skipped and counted, not forced.
 */
export async function advanceLinkedPosts(actor: WorkspaceActor, roadmapItemId: string, input: { postIds: string[] }) {
  authorize(actor, "posts.changeStatus", "change posts' status");
  const { postIds } = validate(advanceInput, input, "The posts are not valid.");
  const item = await actor.db.roadmapItem.findUnique({ where: { id: roadmapItemId }, select: { stage: true } });
  if (!item) throw new DomainError("NOT_FOUND", ROADMAP_ITEM_GONE);
  const status = STATUS_OF_STAGE[item.stage];
  const linked = await actor.db.post.findMany({ where: { id: { in: postIds }, roadmapItemId }, select: { id: true } });
  let moved = 0;
  for (const { id } of linked) {
    try {
      await updatePost(actor, id, { status });
      moved += 1;
    } catch (error) {
      if (!(error instanceof DomainError) || (error.code !== "VALIDATION_ERROR" && error.code !== "CONFLICT" && error.code !== "NOT_FOUND")) throw error;
    }
  }
  return { status, moved, skipped: postIds.length - moved };
}
