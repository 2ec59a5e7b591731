import { findPerson } from "@/lib/domain/users/find-person";
import type { PersonRef } from "@/lib/domain/users/person-ref";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { toggleVote } from "./toggle-vote";

/**
 * A member (an integration, through its key) records that a person wants a post, or no longer
 * does: the person's own vote, on any board, counted once however often it is sent. The person is
 * named by address or by the workspace's own id for them (an SSO user).
 */
export async function voteForPerson(actor: WorkspaceActor, postId: string, input: PersonRef & { voted: boolean }) {
  authorize(actor, "votes.onBehalf", "vote for someone");
  const person = await findPerson(actor.workspaceId, input);
  const result = await toggleVote({ workspaceId: actor.workspaceId, postId, userId: person.id, voted: input.voted, publicOnly: false });
  return { postId, userId: person.id, ...result };
}
