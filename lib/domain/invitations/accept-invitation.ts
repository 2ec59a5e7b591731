import { DomainError } from "@/lib/platform/core/errors";
import { db } from "@/lib/platform/db/client";
import { scopedDb } from "@/lib/platform/db/scoped";
import type { Role } from "@/lib/generated/prisma/enums";
import { findEmailToken } from "@/lib/platform/tokens/email-token";
import { recordMemberEvent } from "@/lib/domain/members/member-event";
import { assertInvitedAddress, provenInvitee } from "./invitee";

export type InvitationRef = { token: string } | { invitationId: string };

const GONE: Record<string, string> = {
  invalid: "This invitation is no longer valid: it was accepted, declined or withdrawn. Ask for a new one if you still need access.",
  used: "This invitation is no longer valid: it was accepted, declined or withdrawn. Ask for a new one if you still need access.",
  expired: "This invitation link has expired. Ask an admin of the workspace to send a new one.",
};

async function invitationIdOf(ref: InvitationRef): Promise<string> {
  if ("invitationId" in ref) {
    if (typeof ref.invitationId !== "string" || !ref.invitationId) throw new DomainError("NOT_FOUND", GONE.invalid!);
    return ref.invitationId;
  }
  const found = await findEmailToken("INVITATION", ref.token);
  if (!found.ok || !found.token.invitationId) throw new DomainError("NOT_FOUND", GONE[found.ok ? "invalid" : found.reason]!);
  return found.token.invitationId;
}

async function loadInvitation(ref: InvitationRef) {
  const invitation = await db.invitation.findUnique({
    where: { id: await invitationIdOf(ref) },
    select: { id: true, email: true, role: true, expiresAt: true, workspaceId: true, workspace: { select: { slug: true, name: true } } },
  });
  if (!invitation) throw new DomainError("NOT_FOUND", GONE.invalid!);
  return invitation;
}

/**
 * Joins the workspace with the role the invitation grants now (it may have been changed since the
 * mail). Only a signed-in account that has proven the invited address may accept; the invitation
 * and all its links are gone afterwards, so each link works once. The membership replaces the
 * invitation in the plan's member count, so accepting never runs into the limit.
 */
export async function acceptInvitation(userId: string, ref: InvitationRef): Promise<{ workspace: { slug: string; name: string }; role: Role }> {
  const user = await provenInvitee(userId);
  const invitation = await loadInvitation(ref);
  assertInvitedAddress(invitation, user);
  if (invitation.expiresAt <= new Date()) throw new DomainError("NOT_FOUND", GONE.expired!);

  const role = await scopedDb(invitation.workspaceId).$transactionLocked(async (tx) => {
    const current = await tx.invitation.findUnique({ where: { id: invitation.id }, select: { role: true } });
    if (!current) throw new DomainError("NOT_FOUND", GONE.invalid!);
    const existing = await tx.membership.findFirst({ where: { userId: user.id }, select: { role: true } });
    if (!existing) {
      await tx.membership.create({ data: { workspaceId: invitation.workspaceId, userId: user.id, role: current.role } });
      await recordMemberEvent(tx, invitation.workspaceId, user.id, "member.added");
    }
    await tx.invitation.delete({ where: { id: invitation.id } });
    return existing?.role ?? current.role;
  });
  return { workspace: invitation.workspace, role };
}

/** Says no: the invitation and its links are gone, and its seat is free again. */
export async function declineInvitation(userId: string, ref: InvitationRef): Promise<{ workspace: { name: string } }> {
  const user = await provenInvitee(userId);
  const invitation = await loadInvitation(ref);
  assertInvitedAddress(invitation, user);
  await scopedDb(invitation.workspaceId).invitation.deleteMany({ where: { id: invitation.id } });
  return { workspace: { name: invitation.workspace.name } };
}
