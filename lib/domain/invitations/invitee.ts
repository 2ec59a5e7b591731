import { DomainError } from "@/lib/platform/core/errors";
import { db } from "@/lib/platform/db/client";
import { maskEmail } from "@/lib/domain/users/mask-email";

/**
 * The account answering an invitation, read afresh: accepting or declining takes a proven address
 * that is the invited one (someone who merely signed up with, or squatted, the
 * address gets nowhere).
 */
export async function provenInvitee(userId: string): Promise<{ id: string; email: string }> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, email: true, emailVerifiedAt: true } });
  if (!user) throw new DomainError("UNAUTHORIZED", "Your session has ended. Sign in again.");
  if (!user.emailVerifiedAt) {
    throw new DomainError("FORBIDDEN", `Confirm your address first: follow the link we sent to ${user.email}, then accept the invitation.`);
  }
  return user;
}

/**
 * The signed-in account is the invited one. The refusal goes to another account, which may hold a
 * forwarded link or have guessed an invitation's id: it names the invited address masked, as the
 * invitation page does, enough for its owner to tell which account to use and no more.
 */
export function assertInvitedAddress(invitation: { email: string }, user: { email: string }): void {
  if (invitation.email !== user.email) {
    throw new DomainError("FORBIDDEN", `This invitation is for ${maskEmail(invitation.email)}. Sign in with that address to accept it.`);
  }
}
