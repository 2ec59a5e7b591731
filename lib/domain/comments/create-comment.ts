import type { WorkspaceActor } from "@/lib/domain/access/actor";
import { commentForPerson } from "./comment-for-person";
import { replyAsTeam } from "./reply-as-team";
import type { CreateCommentInput } from "./schemas";

/** A comment written through the API: a person's own (named by `author`), or else the team's reply. */
export async function createComment(actor: WorkspaceActor, postId: string, input: CreateCommentInput) {
  if (input.author) return { postId, ...(await commentForPerson(actor, postId, { ...input.author, body: input.body })) };
  return { postId, ...(await replyAsTeam(actor, postId, input.body)), authorId: actor.userId };
}
