import { hashPassword } from "@/lib/platform/auth/password";
import { endAllSessions } from "@/lib/platform/auth/sessions";
import { db } from "@/lib/platform/db/client";
import type { FormResult } from "@/lib/platform/forms/forms";
import { checkCurrentPassword } from "./check-current-password";
import { passwordSchema } from "./schemas";

export const NO_PASSWORD_YET =
  "This account signs in with GitHub or Google and has no password yet. To add one, sign out and use “Forgot password?” on the sign-in page: the link we mail proves the address is yours.";

/**
 * A new password, the current one required. Every other session of the account ends (a browser
 * someone else left signed in is out); the one that made the change stays. Reset links still out
 * stop working.
 */
export async function changePassword(
  user: { id: string; sessionId: string },
  input: { currentPassword: unknown; newPassword: unknown },
  origin: { ip: string },
): Promise<FormResult<{ endedSessions: number }>> {
  const next = passwordSchema.safeParse(input.newPassword);
  if (!next.success) return { ok: false, fieldErrors: { newPassword: next.error.issues[0]?.message ?? "Enter a password." } };
  const account = await db.user.findUnique({ where: { id: user.id }, select: { email: true, passwordHash: true } });
  if (!account) return { ok: false, fieldErrors: { form: "Your account no longer exists." } };
  if (!account.passwordHash) return { ok: false, fieldErrors: { form: NO_PASSWORD_YET } };
  const wrong = await checkCurrentPassword({ email: account.email }, input.currentPassword, origin);
  if (wrong) return { ok: false, fieldErrors: { currentPassword: wrong } };

  const passwordHash = await hashPassword(next.data);
  await db.$transaction([
    db.user.update({ where: { id: user.id }, data: { passwordHash } }),
    db.emailToken.updateMany({ where: { userId: user.id, purpose: "RESET_PASSWORD", usedAt: null }, data: { usedAt: new Date() } }),
  ]);
  return { ok: true, data: { endedSessions: await endAllSessions(user.id, { keep: user.sessionId }) } };
}
