import type { Prisma } from "@/lib/generated/prisma/client";

/** Pending invitations for this address become memberships (inside the sign-up transaction). */
export async function attachInvitationsTx(tx: Prisma.TransactionClient, user: { id: string; email: string }) {
  const invitations = await tx.invitation.findMany({ where: { email: user.email } });
  if (invitations.length === 0) return;
  await tx.membership.createMany({
    data: invitations.map((invite) => ({ workspaceId: invite.workspaceId, userId: user.id, role: invite.role })),
    skipDuplicates: true,
  });
  await tx.invitation.deleteMany({ where: { email: user.email } });
}
