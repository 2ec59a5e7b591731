import { DomainError } from "@/lib/platform/core/errors";
import { recordEvent } from "@/lib/platform/events/record-event";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { postView } from "./view";

/**
 * Deletes a post with its votes and comments (the foreign keys cascade). Posts merged into it
 * stay closed, no longer pointing anywhere. Admins and owners (lib/domain/access/roles.ts).
 */
export async function deletePost(actor: WorkspaceActor, postId: string) {
  authorize(actor, "posts.delete", "delete posts");
  return actor.db.$transaction(async (tx) => {
    const post = await tx.post.findFirst({ where: { id: postId } });
    const { count } = await tx.post.deleteMany({ where: { id: postId } });
    if (!post || count === 0) throw new DomainError("NOT_FOUND", "This post no longer exists.");
    await recordEvent(tx, { workspaceId: actor.workspaceId, type: "post.deleted", data: postView(post) });
    return { id: postId };
  });
}
