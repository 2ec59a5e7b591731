import { DomainError } from "@/lib/platform/core/errors";
import { WORKSPACE_GONE } from "@/lib/platform/db/scoped";
import { revokeKeysCreatedBy } from "@/lib/domain/keys/revoke-creator-keys";
import { recordMemberEvent } from "@/lib/domain/members/member-event";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";

export const LAST_OWNER_LEAVING =
  "You are the only owner. Make someone else an owner first (Settings → Members), or delete the workspace.";
export const ONLY_MEMBER_LEAVING = "You are the only member of this workspace. Delete the workspace instead of leaving it.";

/**
 * The actor leaves the workspace, whatever their role. The last owner cannot: a workspace always
 * has an owner, so they are told to hand ownership on or to delete it. Decided under the workspace
 * lock, like removals and role changes (lib/domain/members/owner-rules.ts): two owners leaving at once,
 * or one leaving while the other removes them, always leave one owner behind.
 *
 * The keys they created are revoked in the same transaction (lib/domain/keys/revoke-creator-keys.ts):
 * 401 from the next request on, and still revoked if they are invited back.
 */
export async function leaveWorkspace(actor: WorkspaceActor): Promise<{ userId: string }> {
  authorize(actor, "workspace.leave", "leave the workspace");
  return actor.db.$transactionLocked(async (tx) => {
    const membership = await tx.membership.findFirst({ where: { userId: actor.userId }, select: { id: true, role: true } });
    if (!membership) throw new DomainError("NOT_FOUND", WORKSPACE_GONE);
    if (membership.role === "OWNER") {
      const owners = await tx.membership.count({ where: { role: "OWNER" } });
      if (owners <= 1) throw new DomainError("CONFLICT", (await tx.membership.count()) <= 1 ? ONLY_MEMBER_LEAVING : LAST_OWNER_LEAVING);
    }
    await recordMemberEvent(tx, actor.workspaceId, actor.userId, "member.removed");
    await tx.membership.delete({ where: { id: membership.id } });
    await revokeKeysCreatedBy(tx, actor.userId);
    return { userId: actor.userId };
  });
}
