import { db } from "@/lib/platform/db/client";
import type { ScopedTx } from "@/lib/platform/db/scoped";
import { appBaseUrl } from "@/lib/platform/mail/config";
import { queueMail } from "@/lib/platform/mail/send-mail";
import { invitationMail } from "@/lib/platform/mail/templates/invitation";
import { newEmailToken, TOKEN_LIFETIME_MS } from "@/lib/platform/tokens/email-token";
import { ROLE_LABELS } from "./member-form-schemas";

export function invitationLink(raw: string): string {
  return `${appBaseUrl()}/invitations/${raw}`;
}

/**
 * A new link for a pending invitation, written inside the caller's transaction: the token row and
 * a week more for the invitation. Earlier links keep working until they expire; accepting,
 * declining or revoking the invitation deletes them all with it.
 */
export async function issueInvitationLink(tx: ScopedTx, invitation: { id: string; email: string }): Promise<{ raw: string; expiresAt: Date }> {
  const token = newEmailToken("INVITATION", invitation.email);
  await tx.invitation.update({
    where: { id: invitation.id },
    data: { expiresAt: token.expiresAt, tokens: { create: token.data } },
  });
  return { raw: token.raw, expiresAt: token.expiresAt };
}

/** Mails the link; call after the commit that wrote it. */
export async function mailInvitation(invitationId: string, raw: string): Promise<void> {
  const invitation = await db.invitation.findUnique({
    where: { id: invitationId },
    select: { email: true, role: true, workspace: { select: { name: true } }, invitedBy: { select: { name: true, email: true } } },
  });
  if (!invitation) return;
  await queueMail(
    invitation.email,
    invitationMail({
      link: invitationLink(raw),
      workspaceName: invitation.workspace.name,
      inviterName: invitation.invitedBy ? (invitation.invitedBy.name ?? invitation.invitedBy.email) : null,
      role: ROLE_LABELS[invitation.role].toLowerCase(),
      days: TOKEN_LIFETIME_MS.INVITATION / 86_400_000,
    }),
  );
}
