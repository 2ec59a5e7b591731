import { DomainError } from "@/lib/platform/core/errors";
import { zodDetails } from "@/lib/platform/core/zod-details";
import { recordEvent } from "@/lib/platform/events/record-event";
import { requireRole, type WorkspaceActor } from "@/lib/domain/access/actor";
import { revokeInvitationSchema, type RevokeInvitationInput } from "./member-form-schemas";

/** Withdraws a pending invitation; signing up with that address then joins nothing. */
export async function revokeInvitation(actor: WorkspaceActor, input: RevokeInvitationInput): Promise<{ invitationId: string }> {
  requireRole(actor, "ADMIN", "revoke invitations");
  const parsed = revokeInvitationSchema.safeParse(input);
  if (!parsed.success) throw new DomainError("VALIDATION_ERROR", "The invitation is not valid.", zodDetails(parsed.error));
  const { invitationId } = parsed.data;
  return actor.db.$transaction(async (tx) => {
    const invitation = await tx.invitation.findUnique({ where: { id: invitationId }, select: { id: true, email: true, role: true } });
    const { count } = await tx.invitation.deleteMany({ where: { id: invitationId } });
    if (!invitation || count === 0) throw new DomainError("NOT_FOUND", "This invitation no longer exists.");
    await recordEvent(tx, { workspaceId: actor.workspaceId, type: "invitation.revoked", data: invitation });
    return { invitationId };
  });
}
