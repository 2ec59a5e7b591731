import { db } from "@/lib/db/client";
import { throttle, waitMessage } from "@/lib/auth/throttles";
import type { FormResult } from "@/lib/forms";
import { appBaseUrl } from "@/lib/mail/config";
import { queueMail } from "@/lib/mail/send-mail";
import { resetPasswordMail } from "@/lib/mail/templates/reset-password";
import { issueUserToken, TOKEN_LIFETIME_MS } from "@/lib/tokens/email-token";
import { emailSchema } from "./schemas";

export function resetPasswordLink(raw: string): string {
  return `${appBaseUrl()}/reset-password/${raw}`;
}

/**
 * "Forgot password?": mails a single-use link, valid for an hour, to the address if it has an
 * account. The answer is the same either way, and so is the throttle (per address, known or not,
 * and per client IP), so the form tells nobody which addresses have accounts. Earlier links keep
 * working until one of them is used or they expire (lib/users/reset-password.ts).
 */
export async function requestPasswordReset(input: { email: unknown }, origin: { ip: string }): Promise<FormResult<{ email: string }>> {
  const address = emailSchema.safeParse(input.email ?? "");
  if (!address.success) return { ok: false, fieldErrors: { email: address.error.issues[0]?.message ?? "Enter a valid email address." } };
  const email = address.data;
  const allowed = await throttle([
    ["resetAddress", email],
    ["resetIp", origin.ip],
  ]);
  if (!allowed.ok) {
    return { ok: false, fieldErrors: { form: `Too many reset requests from here or for this address. ${waitMessage(allowed.retryAfterSeconds)}` } };
  }
  const user = await db.user.findUnique({ where: { email }, select: { id: true, email: true } });
  if (user) {
    const { raw } = await issueUserToken("RESET_PASSWORD", user);
    await queueMail(user.email, resetPasswordMail({ link: resetPasswordLink(raw), minutes: TOKEN_LIFETIME_MS.RESET_PASSWORD / 60_000 }));
  }
  return { ok: true, data: { email } };
}
