import { db } from "@/lib/platform/db/client";
import { issueUserToken } from "@/lib/platform/tokens/email-token";
import { resetPasswordLink } from "./request-password-reset";
import { emailSchema } from "./schemas";

/**
 * A password reset link the operator passes on by hand, when the instance sends no mail: the same
 * single-use, one-hour link "Forgot password?" would have mailed. Null when no account has the
 * address. Run from the server's shell (`npm run users -- reset-link <email>`).
 */
export async function resetLinkForOperator(email: string): Promise<string | null> {
  const address = emailSchema.safeParse(email);
  if (!address.success) return null;
  const user = await db.user.findUnique({ where: { email: address.data }, select: { id: true, email: true } });
  if (!user) return null;
  const { raw } = await issueUserToken("RESET_PASSWORD", user);
  return resetPasswordLink(raw);
}
