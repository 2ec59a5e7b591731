import { DomainError } from "@/lib/platform/core/errors";
import { zodDetails } from "@/lib/platform/core/zod-details";
import type { Role } from "@/lib/generated/prisma/enums";
import { requireRole, type WorkspaceActor } from "@/lib/domain/access/actor";
import { changeMemberRoleSchema, type ChangeMemberRoleInput } from "./member-form-schemas";
import { recordMemberEvent } from "./member-event";
import { assertAnotherOwner, lockedActorRole, lockedTarget } from "./owner-rules";

/**
 * Gives a member another role. Takes effect at once everywhere, API keys included: a key acts with
 * its creator's role read on every request, so nothing else needs updating.
 *
 * Admins and owners change roles; only owners touch an owner's role or make someone an owner, and
 * the last owner cannot be demoted. All of it is decided under the workspace lock, with the actor's
 * own role re-read there: two owners demoting each other at the same moment run one after the
 * other, and the second finds the first is the last owner left.
 */
export async function changeMemberRole(actor: WorkspaceActor, input: ChangeMemberRoleInput): Promise<{ userId: string; role: Role }> {
  requireRole(actor, "ADMIN", "change roles");
  const parsed = changeMemberRoleSchema.safeParse(input);
  if (!parsed.success) throw new DomainError("VALIDATION_ERROR", "The role change is not valid.", zodDetails(parsed.error));
  const { userId, role } = parsed.data;

  return actor.db.$transactionLocked(async (tx) => {
    const actorRole = await lockedActorRole(tx, actor.userId, "change roles");
    const target = await lockedTarget(tx, userId);
    if (target.role === role) return { userId, role };
    if ((target.role === "OWNER" || role === "OWNER") && actorRole !== "OWNER") {
      throw new DomainError("FORBIDDEN", "Only owners can change an owner's role or make someone an owner.");
    }
    if (target.role === "OWNER") await assertAnotherOwner(tx);
    await tx.membership.update({ where: { id: target.id }, data: { role } });
    await recordMemberEvent(tx, actor.workspaceId, userId, "member.role_changed", { role: target.role });
    return { userId, role };
  });
}
