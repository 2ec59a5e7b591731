import { db } from "@/lib/platform/db/client";
import { throttle, waitMessage } from "@/lib/platform/auth/throttles";
import type { FormResult } from "@/lib/platform/forms/forms";
import { appBaseUrl } from "@/lib/platform/mail/config";
import { queueMail } from "@/lib/platform/mail/send-mail";
import { resetPasswordMail } from "@/lib/platform/mail/templates/reset-password";
import { issueUserToken, TOKEN_LIFETIME_MS } from "@/lib/platform/tokens/email-token";
import { isPortalLocale, type PortalLocale } from "@/lib/platform/i18n/locales";
import { clientNetwork } from "@/lib/platform/server/client-ip";
import { emailSchema } from "./schemas";

/** The mailed link; a visitor's carries their language, so the page it opens speaks it too. */
export function resetPasswordLink(raw: string, locale?: PortalLocale): string {
  return `${appBaseUrl()}/reset-password/${raw}${locale ? `?lang=${encodeURIComponent(locale)}` : ""}`;
}

/**
 * "Forgot password?": mails a single-use link, valid for an hour, to the address if it has an
 * account. The answer is the same either way, and so is the throttle (per client IP, per address
 * from one client network, per address over all networks; known or not), so the form tells nobody
 * which addresses have accounts. The per-network budget comes before the address's total: a
 * stranger who knows the address spends only their own network's share, and the owner asking from
 * anywhere else still gets the mail; only several networks together can spend the total, which
 * keeps what one inbox can be sent in an hour bounded. Earlier links keep
 * working until one of them is used or they expire (lib/domain/users/reset-password.ts). The mail is in
 * the language of the page that asked (`origin.locale`, a portal visitor's), else in the portal
 * language the account was made in, else English.
 */
export async function requestPasswordReset(input: { email: unknown }, origin: { ip: string; locale?: PortalLocale }): Promise<FormResult<{ email: string }>> {
  const address = emailSchema.safeParse(input.email ?? "");
  if (!address.success) return { ok: false, fieldErrors: { email: address.error.issues[0]?.message ?? "Enter a valid email address." } };
  const email = address.data;
  const allowed = await throttle(
    [
      ["resetIp", origin.ip],
      ["resetAddressNetwork", `${email}|${clientNetwork(origin.ip)}`],
      ["resetAddress", email],
    ],
    { inTurn: true },
  );
  if (!allowed.ok) {
    return { ok: false, fieldErrors: { form: `Too many reset requests from here or for this address. ${waitMessage(allowed.retryAfterSeconds)}` } };
  }
  const user = await db.user.findUnique({ where: { email }, select: { id: true, email: true, portalLocale: true } });
  if (user) {
    const { raw } = await issueUserToken("RESET_PASSWORD", { id: user.id, email: user.email });
    const locale = origin.locale ?? (isPortalLocale(user.portalLocale) ? user.portalLocale : undefined);
    await queueMail(user.email, resetPasswordMail({ link: resetPasswordLink(raw, locale), minutes: TOKEN_LIFETIME_MS.RESET_PASSWORD / 60_000, locale }));
  }
  return { ok: true, data: { email } };
}
