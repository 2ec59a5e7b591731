import { DomainError } from "@/lib/platform/core/errors";
import { zodDetails } from "@/lib/platform/core/zod-details";
import { revokeKeysCreatedBy } from "@/lib/domain/keys/revoke-creator-keys";
import { requireRole, type WorkspaceActor } from "@/lib/domain/access/actor";
import { recordMemberEvent } from "./member-event";
import { removeMemberSchema, type RemoveMemberInput } from "./member-form-schemas";
import { assertAnotherOwner, lockedActorRole, lockedTarget } from "./owner-rules";

/**
 * Removes a member (or lets an admin or owner leave), and revokes the API keys they created in the
 * same transaction: those keys answer 401 from the next request on and stay revoked if the person
 * is ever added again. Only owners remove owners, and the last owner cannot be
 * removed; decided under the workspace lock like role changes (see change-member-role.ts).
 */
export async function removeMember(actor: WorkspaceActor, input: RemoveMemberInput): Promise<{ userId: string; revokedKeys: number }> {
  requireRole(actor, "ADMIN", "remove members");
  const parsed = removeMemberSchema.safeParse(input);
  if (!parsed.success) throw new DomainError("VALIDATION_ERROR", "The removal is not valid.", zodDetails(parsed.error));
  const { userId } = parsed.data;

  return actor.db.$transactionLocked(async (tx) => {
    const actorRole = await lockedActorRole(tx, actor.userId, "remove members");
    const target = await lockedTarget(tx, userId);
    if (target.role === "OWNER") {
      if (actorRole !== "OWNER") throw new DomainError("FORBIDDEN", "Only owners can remove an owner.");
      await assertAnotherOwner(tx);
    }
    await recordMemberEvent(tx, actor.workspaceId, userId, "member.removed");
    await tx.membership.delete({ where: { id: target.id } });
    return { userId, revokedKeys: await revokeKeysCreatedBy(tx, userId) };
  });
}
