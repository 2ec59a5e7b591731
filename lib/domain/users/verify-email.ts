import { db } from "@/lib/platform/db/client";
import { claimHeldContributions } from "./imported-identity";
import { consumeEmailToken, findEmailToken, type TokenFailure } from "@/lib/platform/tokens/email-token";

/** "sign-in": the link is good, but counts only once followed signed in to its account (the link is kept). */
export type VerifyEmailOutcome = "verified" | "sign-in" | TokenFailure;

/**
 * Follows a verification link. The link proves the address it was sent to, so it counts only if
 * the account still has that address. A link used a second time (a mail scanner may have opened
 * it first) still reports "verified" when the account is verified.
 *
 * It counts only when followed by the account itself, signed in (`signedInUserId`): the link
 * proves who reads the mail, the session who chose the password, and only both together make the
 * account the address's. Anyone may sign up with someone else's address; were the link enough, the
 * owner clicking a mail they never asked for would verify an account whose password a stranger
 * holds. Followed signed out (or as another account) the link is left unused and the visitor is
 * asked to sign in; an owner who never chose the password proves the address with "Forgot
 * password?" instead, which sets a password of their own and ends every other session.
 */
export async function verifyEmail(raw: unknown, signedInUserId: string | null): Promise<VerifyEmailOutcome> {
  const found = await findEmailToken("VERIFY_EMAIL", raw);
  const token = found.token;
  if (!token?.userId) return found.ok ? "invalid" : found.reason;
  if (!found.ok) {
    if (found.reason === "used") {
      const user = await db.user.findUnique({ where: { id: token.userId }, select: { email: true, emailVerifiedAt: true } });
      if (user?.emailVerifiedAt && user.email === token.email) return "verified";
    }
    return found.reason;
  }
  if (signedInUserId !== token.userId) return "sign-in";
  const result = await consumeEmailToken("VERIFY_EMAIL", raw);
  if (!result.ok) return verifyEmail(raw, signedInUserId);
  const { count } = await db.user.updateMany({
    where: { id: token.userId, email: token.email },
    data: { emailVerifiedAt: new Date() },
  });
  if (count !== 1) return "invalid";
  await claimHeldContributions(token.userId, token.email);
  return "verified";
}
