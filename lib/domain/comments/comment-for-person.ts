import { writeForPerson } from "@/lib/domain/users/find-person";
import type { PersonRef } from "@/lib/domain/users/person-ref";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { insertComment, insertCommentIn } from "./add-comment";

/**
 * A member (an integration) records what a person said about a post, as that person's comment, on
 * any board. The person is named by address or by the workspace's own id for them (an SSO user,
 * made with the comment when the id is new).
 */
export async function commentForPerson(actor: WorkspaceActor, postId: string, input: PersonRef & { body: string }) {
  authorize(actor, "comments.onBehalf", "comment for someone");
  return writeForPerson(actor.workspaceId, input, async (userId, tx) => {
    const target = { workspaceId: actor.workspaceId, postId, userId, body: input.body, asTeam: false, publicOnly: false };
    const comment = tx ? await insertCommentIn(tx, target) : await insertComment(target);
    return { ...comment, authorId: userId };
  });
}
