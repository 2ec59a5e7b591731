import { db } from "@/lib/platform/db/client";
import { consumeEmailToken, type TokenFailure } from "@/lib/platform/tokens/email-token";

export type VerifyEmailOutcome = "verified" | TokenFailure;

/**
 * Follows a verification link. The link proves the address it was sent to, so it counts only if
 * the account still has that address. A link used a second time (a mail scanner may have opened
 * it first) still reports "verified" when the account is verified.
 */
export async function verifyEmail(raw: unknown): Promise<VerifyEmailOutcome> {
  const result = await consumeEmailToken("VERIFY_EMAIL", raw);
  const token = result.token;
  if (!token?.userId) return result.ok ? "invalid" : result.reason;
  if (!result.ok) {
    if (result.reason === "used") {
      const user = await db.user.findUnique({ where: { id: token.userId }, select: { email: true, emailVerifiedAt: true } });
      if (user?.emailVerifiedAt && user.email === token.email) return "verified";
    }
    return result.reason;
  }
  const { count } = await db.user.updateMany({
    where: { id: token.userId, email: token.email },
    data: { emailVerifiedAt: new Date() },
  });
  return count === 1 ? "verified" : "invalid";
}
