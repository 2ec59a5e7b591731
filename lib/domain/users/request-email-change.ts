import { throttle, waitMessage } from "@/lib/platform/auth/throttles";
import { db } from "@/lib/platform/db/client";
import type { FormResult } from "@/lib/platform/forms/forms";
import { appBaseUrl } from "@/lib/platform/mail/config";
import { queueMail } from "@/lib/platform/mail/send-mail";
import { confirmEmailChangeMail } from "@/lib/platform/mail/templates/confirm-email-change";
import { emailChangeTakenMail } from "@/lib/platform/mail/templates/email-change-taken";
import { issueUserToken, TOKEN_LIFETIME_MS } from "@/lib/platform/tokens/email-token";
import { checkCurrentPassword } from "./check-current-password";
import { emailSchema } from "./schemas";

export function confirmEmailChangeLink(raw: string): string {
  return `${appBaseUrl()}/confirm-email?token=${raw}`;
}

/**
 * Asks to move the account to a new address. Nothing changes until the link mailed to the new
 * address is followed (lib/domain/users/confirm-email-change.ts); the old address is told then.
 *
 * An address that already has an account gets the same answer ("we sent a link there"), and its
 * owner a mail saying someone tried, instead of a link: a signed-in account cannot use this form to
 * learn which addresses have accounts, and whoever owns the address learns why nothing came.
 * Accounts with a password confirm it first; throttled per account, per address and per client.
 */
export async function requestEmailChange(
  userId: string,
  input: { email: unknown; currentPassword?: unknown },
  origin: { ip: string },
): Promise<FormResult<{ email: string }>> {
  const address = emailSchema.safeParse(input.email ?? "");
  if (!address.success) return { ok: false, fieldErrors: { email: address.error.issues[0]?.message ?? "Enter a valid email address." } };
  const email = address.data;
  const account = await db.user.findUnique({ where: { id: userId }, select: { id: true, email: true, passwordHash: true } });
  if (!account) return { ok: false, fieldErrors: { form: "Your account no longer exists." } };
  if (email === account.email) return { ok: false, fieldErrors: { email: "That is already your address." } };
  if (account.passwordHash) {
    const wrong = await checkCurrentPassword({ email: account.email }, input.currentPassword, origin);
    if (wrong) return { ok: false, fieldErrors: { currentPassword: wrong } };
  }
  const allowed = await throttle([
    ["emailChangeAccount", account.id],
    ["emailChangeAddress", email],
    ["mailIp", origin.ip],
  ]);
  if (!allowed.ok) return { ok: false, fieldErrors: { form: `Too many address changes asked for. ${waitMessage(allowed.retryAfterSeconds)}` } };

  const taken = await db.user.findUnique({ where: { email }, select: { id: true } });
  if (taken) {
    await queueMail(email, emailChangeTakenMail({ signInLink: `${appBaseUrl()}/sign-in` }));
  } else {
    const { raw } = await issueUserToken("CHANGE_EMAIL", { id: account.id, email });
    await queueMail(email, confirmEmailChangeMail({ link: confirmEmailChangeLink(raw), hours: TOKEN_LIFETIME_MS.CHANGE_EMAIL / 3_600_000 }));
  }
  return { ok: true, data: { email } };
}
