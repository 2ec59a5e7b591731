import { DomainError } from "@/lib/platform/core/errors";
import { zodDetails } from "@/lib/platform/core/zod-details";
import { requireRole, type WorkspaceActor } from "@/lib/domain/access/actor";
import { revokeInvitationSchema, type RevokeInvitationInput } from "./member-form-schemas";

/** Withdraws a pending invitation; signing up with that address then joins nothing. */
export async function revokeInvitation(actor: WorkspaceActor, input: RevokeInvitationInput): Promise<{ invitationId: string }> {
  requireRole(actor, "ADMIN", "revoke invitations");
  const parsed = revokeInvitationSchema.safeParse(input);
  if (!parsed.success) throw new DomainError("VALIDATION_ERROR", "The invitation is not valid.", zodDetails(parsed.error));
  const { count } = await actor.db.invitation.deleteMany({ where: { id: parsed.data.invitationId } });
  if (count === 0) throw new DomainError("NOT_FOUND", "This invitation no longer exists.");
  return { invitationId: parsed.data.invitationId };
}
