import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";

/** Pending invitations for this address become memberships (inside the sign-up transaction). */
export async function attachInvitationsTx(tx: Prisma.TransactionClient, user: { id: string; email: string }): Promise<number> {
  const invitations = await tx.invitation.findMany({ where: { email: user.email } });
  if (invitations.length === 0) return 0;
  await tx.membership.createMany({
    data: invitations.map((invite) => ({ workspaceId: invite.workspaceId, userId: user.id, role: invite.role })),
    skipDuplicates: true,
  });
  await tx.invitation.deleteMany({ where: { id: { in: invitations.map((invite) => invite.id) } } });
  return invitations.length;
}

/**
 * The second look that closes the race between inviting an address and that address signing up.
 * Each side writes in its own transaction and cannot see the other's uncommitted row, so an
 * invitation written while the sign-up was in flight would stay pending forever. Both sides call
 * this after their commit: the sign-up for invitations that appeared meanwhile, the invite for an
 * account that appeared meanwhile. Whichever commits second sees the other's row. Idempotent.
 */
export function attachInvitations(user: { id: string; email: string }): Promise<number> {
  return db.$transaction((tx) => attachInvitationsTx(tx, user));
}
