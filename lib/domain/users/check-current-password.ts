import { attemptPassword } from "@/lib/platform/auth/attempt-password";
import { signInWaitMessage } from "@/lib/platform/auth/sign-in-wait-message";

/**
 * The current password, asked for before a signed-in account changes its password or address, so
 * a session left open on someone else's computer is not enough to take the account. Counted like a
 * sign-in from this client (lib/platform/auth/attempt-password.ts): the account page is no way around the
 * waits, and the owner hears of repeated failures here too.
 * Returns the message for the field, or null when the password is right.
 */
export async function checkCurrentPassword(account: { email: string }, password: unknown, origin: { ip: string }): Promise<string | null> {
  if (typeof password !== "string" || password.length === 0) return "Enter your current password.";
  if (password.length > 200) return "That is not your current password.";
  const attempt = await attemptPassword(account.email, password, origin.ip);
  if (attempt.outcome === "wait") return signInWaitMessage(attempt.retryAfterSeconds);
  return attempt.outcome === "right" ? null : "That is not your current password.";
}
