import { DomainError } from "@/lib/platform/core/errors";
import { zodDetails } from "@/lib/platform/core/zod-details";
import type { Role } from "@/lib/generated/prisma/enums";
import { requireRole, type WorkspaceActor } from "@/lib/domain/access/actor";
import { changeInvitationRoleSchema, type ChangeInvitationRoleInput } from "./member-form-schemas";

/**
 * Changes the role a pending invitation grants; links already sent grant the new role, since the
 * role is read when the invitation is accepted. Only owners touch an owner invitation.
 */
export async function changeInvitationRole(actor: WorkspaceActor, input: ChangeInvitationRoleInput): Promise<{ invitationId: string; role: Role }> {
  requireRole(actor, "ADMIN", "change invitations");
  const parsed = changeInvitationRoleSchema.safeParse(input);
  if (!parsed.success) throw new DomainError("VALIDATION_ERROR", "The role change is not valid.", zodDetails(parsed.error));
  const { invitationId, role } = parsed.data;
  return actor.db.$transactionLocked(async (tx) => {
    const invitation = await tx.invitation.findUnique({ where: { id: invitationId }, select: { role: true } });
    if (!invitation) throw new DomainError("NOT_FOUND", "This invitation no longer exists.");
    if ((invitation.role === "OWNER" || role === "OWNER") && actor.role !== "OWNER") {
      throw new DomainError("FORBIDDEN", "Only owners can invite an owner or change an owner invitation.");
    }
    await tx.invitation.update({ where: { id: invitationId }, data: { role } });
    return { invitationId, role };
  });
}
