import { db } from "@/lib/platform/db/client";
import { findPerson, writeForPerson } from "@/lib/domain/users/find-person";
import type { PersonRef } from "@/lib/domain/users/person-ref";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { setVote, toggleVote } from "./toggle-vote";

/**
 * A member (an integration, through its key) records that a person wants a post, or no longer
 * does: the person's own vote, on any board, counted once however often it is sent. The person is
 * named by address or by the workspace's own id for them (an SSO user, made on a first vote).
 * Withdrawing never makes anyone: a person who does not exist has no vote to withdraw (404).
 */
export async function voteForPerson(actor: WorkspaceActor, postId: string, input: PersonRef & { voted: boolean }) {
  authorize(actor, "votes.onBehalf", "vote for someone");
  const { workspaceId } = actor;
  if (!input.voted) {
    const person = await findPerson(workspaceId, input);
    return { postId, userId: person.id, ...(await toggleVote({ workspaceId, postId, userId: person.id, voted: false, publicOnly: false })) };
  }
  return writeForPerson(workspaceId, input, async (userId, tx) => ({
    postId,
    userId,
    ...(await setVote(tx ?? db, { workspaceId, postId, userId, voted: true, publicOnly: false })),
  }));
}
