import { findPerson } from "@/lib/domain/users/find-person";
import type { PersonRef } from "@/lib/domain/users/person-ref";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { insertComment } from "./add-comment";

/** A member (an integration) records what a person said about a post, as that person's comment, on any board. */
export async function commentForPerson(actor: WorkspaceActor, postId: string, input: PersonRef & { body: string }) {
  authorize(actor, "comments.onBehalf", "comment for someone");
  const person = await findPerson(actor.workspaceId, input);
  const comment = await insertComment({ workspaceId: actor.workspaceId, postId, userId: person.id, body: input.body, asTeam: false, publicOnly: false });
  return { ...comment, authorId: person.id };
}
