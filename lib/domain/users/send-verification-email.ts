import { db } from "@/lib/platform/db/client";
import { isPortalLocale, type PortalLocale } from "@/lib/platform/i18n/locales";
import { throttle } from "@/lib/platform/auth/throttles";
import { appBaseUrl } from "@/lib/platform/mail/config";
import { queueMail } from "@/lib/platform/mail/send-mail";
import { verifyEmailMail } from "@/lib/platform/mail/templates/verify-email";
import { issueUserToken, TOKEN_LIFETIME_MS } from "@/lib/platform/tokens/email-token";

export type VerificationMailResult = { sent: true } | { sent: false; reason: "verified" } | { sent: false; reason: "throttled"; retryAfterSeconds: number };

/** The link in the mail; `returnTo` (a portal page) is where it lands once followed. */
export function verificationLink(raw: string, returnTo?: string): string {
  return `${appBaseUrl()}/verify-email?token=${raw}${returnTo ? `&next=${encodeURIComponent(returnTo)}` : ""}`;
}

/**
 * Mails a fresh verification link to the account's current address (earlier links keep working
 * until they expire). Counted per address (a budget nobody else spends) and per client IP. Written
 * in `origin.locale`, else the portal language the account was made in, else English.
 */
export async function sendVerificationEmail(userId: string, origin: { ip: string; locale?: PortalLocale; returnTo?: string }): Promise<VerificationMailResult> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, email: true, emailVerifiedAt: true, portalLocale: true } });
  if (!user) throw new Error(`No account ${userId}`);
  if (user.emailVerifiedAt) return { sent: false, reason: "verified" };
  const allowed = await throttle([
    ["mailAddress", user.email],
    ["mailIp", origin.ip],
  ]);
  if (!allowed.ok) return { sent: false, reason: "throttled", retryAfterSeconds: allowed.retryAfterSeconds };
  const { raw } = await issueUserToken("VERIFY_EMAIL", user);
  await queueMail(user.email, verifyEmailMail({ link: verificationLink(raw, origin.returnTo), hours: TOKEN_LIFETIME_MS.VERIFY_EMAIL / 3_600_000, locale: origin.locale ?? (isPortalLocale(user.portalLocale) ? user.portalLocale : undefined) }));
  return { sent: true };
}
