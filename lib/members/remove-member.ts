import { ApiError } from "@/lib/api/error-codes";
import { zodDetails } from "@/lib/api/zod-details";
import { requireRole, type WorkspaceActor } from "@/lib/workspaces/actor";
import { removeMemberSchema, type RemoveMemberInput } from "./member-form-schemas";
import { assertAnotherOwner, lockedActorRole, lockedTarget } from "./owner-rules";

/**
 * Removes a member (or lets an admin or owner leave). Their API keys stay listed but answer
 * 403 FORBIDDEN from the next request on, because a key acts with its creator's current membership.
 * Only owners remove owners, and the last owner cannot be removed; decided under the workspace lock
 * like role changes (see change-member-role.ts).
 */
export async function removeMember(actor: WorkspaceActor, input: RemoveMemberInput): Promise<{ userId: string }> {
  requireRole(actor, "ADMIN", "remove members");
  const parsed = removeMemberSchema.safeParse(input);
  if (!parsed.success) throw new ApiError("VALIDATION_ERROR", "The removal is not valid.", zodDetails(parsed.error));
  const { userId } = parsed.data;

  return actor.db.$transactionLocked(async (tx) => {
    const actorRole = await lockedActorRole(tx, actor.userId, "remove members");
    const target = await lockedTarget(tx, userId);
    if (target.role === "OWNER") {
      if (actorRole !== "OWNER") throw new ApiError("FORBIDDEN", "Only owners can remove an owner.");
      await assertAnotherOwner(tx);
    }
    await tx.membership.delete({ where: { id: target.id } });
    return { userId };
  });
}
