import { db } from "@/lib/platform/db/client";
import { isUniqueViolation } from "@/lib/platform/db/errors";
import { queueMail } from "@/lib/platform/mail/send-mail";
import { emailChangedMail } from "@/lib/platform/mail/templates/email-changed";
import { consumeEmailToken, type TokenFailure } from "@/lib/platform/tokens/email-token";
import { claimHeldContributions } from "./imported-identity";

export type EmailChangeOutcome = "changed" | "taken" | TokenFailure;

/**
 * Follows the link mailed to a new address: the account moves to it, proven, and the old address
 * is told. Links still out for the account (other new addresses, resets and confirmations sent to
 * the old address) stop working. An address that got an account of its own since the link was
 * sent is refused as "taken": following the link proved its owner is the one reading.
 */
export async function confirmEmailChange(raw: unknown): Promise<EmailChangeOutcome> {
  try {
    const { outcome, moved } = await db.$transaction(async (tx): Promise<{ outcome: EmailChangeOutcome; moved?: { from: string; to: string; userId: string } }> => {
      const used = await consumeEmailToken("CHANGE_EMAIL", raw, tx);
      const token = used.token;
      if (!token?.userId) return { outcome: used.ok ? "invalid" : used.reason };
      const account = await tx.user.findUnique({ where: { id: token.userId }, select: { email: true } });
      if (!account) return { outcome: "invalid" };
      // A second visit (a mail scanner opened it first) finds the change made: it says so.
      if (account.email === token.email) return { outcome: "changed" };
      if (!used.ok) return { outcome: used.reason };
      const now = new Date();
      await tx.user.update({ where: { id: token.userId }, data: { email: token.email, emailVerifiedAt: now } });
      await tx.emailToken.updateMany({ where: { userId: token.userId, usedAt: null }, data: { usedAt: now } });
      return { outcome: "changed", moved: { from: account.email, to: token.email, userId: token.userId } };
    });
    if (moved) {
      await queueMail(moved.from, emailChangedMail({ newEmail: moved.to }));
      await claimHeldContributions(moved.userId, moved.to);
    }
    return outcome;
  } catch (error) {
    if (isUniqueViolation(error)) return "taken";
    throw error;
  }
}
