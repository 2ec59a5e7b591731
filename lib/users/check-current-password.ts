import { verifyPassword } from "@/lib/auth/password";
import { throttle, waitMessage } from "@/lib/auth/throttles";

/**
 * The current password, asked for before a signed-in account changes its password or address, so
 * a session left open on someone else's computer is not enough to take the account. Counted on the
 * sign-in budgets of the address and the client: the account page is no way around them.
 * Returns the message for the field, or null when the password is right.
 */
export async function checkCurrentPassword(account: { email: string; passwordHash: string }, password: unknown, origin: { ip: string }): Promise<string | null> {
  const allowed = await throttle([
    ["signInAccount", account.email],
    ["signInIp", origin.ip],
  ]);
  if (!allowed.ok) return `Too many password attempts for this account. ${waitMessage(allowed.retryAfterSeconds)}`;
  if (typeof password !== "string" || password.length === 0) return "Enter your current password.";
  if (password.length > 200 || !(await verifyPassword(account.passwordHash, password))) return "That is not your current password.";
  return null;
}
