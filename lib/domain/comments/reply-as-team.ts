import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { insertComment } from "./add-comment";

/** A member's reply from the dashboard, on any board; the portal marks it as the team's. */
export async function replyAsTeam(actor: WorkspaceActor, postId: string, body: string) {
  authorize(actor, "comments.replyAsTeam", "reply as the team");
  return insertComment({ workspaceId: actor.workspaceId, postId, userId: actor.userId, body, asTeam: true });
}
