import { DomainError } from "@/lib/platform/core/errors";
import { zodDetails } from "@/lib/platform/core/zod-details";
import { invitationThrottles, throttleOrThrow } from "@/lib/platform/auth/throttles";
import { requireRole, type WorkspaceActor } from "@/lib/domain/access/actor";
import { invitationLink, issueInvitationLink, mailInvitation } from "./mail-invitation";
import { invitationRefSchema, type InvitationRefInput } from "./member-form-schemas";

async function newLink(actor: WorkspaceActor, input: InvitationRefInput, action: string) {
  requireRole(actor, "ADMIN", action);
  const parsed = invitationRefSchema.safeParse(input);
  if (!parsed.success) throw new DomainError("VALIDATION_ERROR", "The invitation is not valid.", zodDetails(parsed.error));
  const invitation = await actor.db.invitation.findUnique({ where: { id: parsed.data.invitationId }, select: { id: true, email: true } });
  if (!invitation) throw new DomainError("NOT_FOUND", "This invitation no longer exists.");
  const link = await actor.db.$transactionLocked((tx) => issueInvitationLink(tx, invitation));
  return { invitation, ...link };
}

/** Mails a new link (and gives the invitation another week). Throttled like the first mail. */
export async function resendInvitation(
  actor: WorkspaceActor,
  input: InvitationRefInput,
  origin: { ip: string } = { ip: "unknown" },
): Promise<{ email: string; expiresAt: string }> {
  requireRole(actor, "ADMIN", "resend invitations");
  const target = await actor.db.invitation.findUnique({ where: { id: String(input.invitationId ?? "") }, select: { email: true } });
  if (target) {
    await throttleOrThrow(invitationThrottles(actor.workspaceId, target.email, origin.ip), "Too many invitation mails to this address or from here.", { inTurn: true });
  }
  const { invitation, raw, expiresAt } = await newLink(actor, input, "resend invitations");
  await mailInvitation(invitation.id, raw);
  return { email: invitation.email, expiresAt: expiresAt.toISOString() };
}

/**
 * A link for the admin to pass on another way (chat, in person). It is only a way to the
 * invitation: accepting still takes an account that has proven the invited address, so a link that
 * reaches the wrong person lets them in nowhere.
 */
export async function copyInvitationLink(actor: WorkspaceActor, input: InvitationRefInput): Promise<{ url: string; expiresAt: string }> {
  const { raw, expiresAt } = await newLink(actor, input, "share invitation links");
  return { url: invitationLink(raw), expiresAt: expiresAt.toISOString() };
}
