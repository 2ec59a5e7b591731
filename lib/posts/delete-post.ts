import { DomainError } from "@/lib/core/errors";
import { authorize, type WorkspaceActor } from "@/lib/workspaces/actor";

/**
 * Deletes a post with its votes and comments (the foreign keys cascade). Posts merged into it
 * stay closed, no longer pointing anywhere. Admins and owners (lib/roles.ts).
 */
export async function deletePost(actor: WorkspaceActor, postId: string) {
  authorize(actor, "posts.delete", "delete posts");
  const { count } = await actor.db.post.deleteMany({ where: { id: postId } });
  if (count === 0) throw new DomainError("NOT_FOUND", "This post no longer exists.");
  return { id: postId };
}
