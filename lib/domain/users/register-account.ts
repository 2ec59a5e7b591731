import { decoyHash } from "@/lib/platform/auth/password";
import { throttle, waitMessage } from "@/lib/platform/auth/throttles";
import type { PortalLocale } from "@/lib/platform/i18n/locales";
import { appBaseUrl } from "@/lib/platform/mail/config";
import { queueMail } from "@/lib/platform/mail/send-mail";
import { signUpAttemptMail } from "@/lib/platform/mail/templates/sign-up-attempt";
import type { FormResult } from "@/lib/platform/forms/forms";
import { createUser } from "./create-user";
import { emailSchema } from "./schemas";
import { sendVerificationEmail } from "./send-verification-email";

/**
 * Sign-up. The answer is the same whether or not the address has an
 * account: a new address gets an account and a verification link; an address that has one gets a
 * mail telling its owner someone tried, and nothing changes. An address only an import's unclaimed
 * account holds counts as new: the votes and comments it holds come once the address is proven. Throttled per address and per client
 * IP before any work, so the form cannot be used to test many addresses quickly.
 */
export async function registerAccount(
  input: { name?: string; email: string; password: string },
  /** `returnTo`: the portal page a visitor signed up from, where the verification link lands. */
  origin: { ip: string; locale?: PortalLocale; returnTo?: string },
): Promise<FormResult<{ email: string }>> {
  const address = emailSchema.safeParse(input.email);
  if (address.success) {
    const allowed = await throttle([
      ["signUpAddress", address.data],
      ["signUpIp", origin.ip],
    ]);
    if (!allowed.ok) {
      await decoyHash();
      return { ok: false, fieldErrors: { form: `Too many sign-up attempts from here or for this address. ${waitMessage(allowed.retryAfterSeconds)}` } };
    }
  }
  // An account made from a portal keeps its language for the mails its owner receives.
  const result = await createUser(input, { portalLocale: origin.locale });
  if (result.ok) {
    await sendVerificationEmail(result.data.id, origin);
    return { ok: true, data: { email: result.data.email } };
  }
  if (!("taken" in result)) return result;
  const { email } = result;
  // The sign-up budget above already bounds these notices per address; they do not spend the
  // address's verification mails, which would let a stranger hold up its owner's own link.
  const mailAllowed = await throttle([["mailIp", origin.ip]]);
  if (mailAllowed.ok) await queueMail(email, signUpAttemptMail({ signInLink: `${appBaseUrl()}/sign-in` }));
  return { ok: true, data: { email } };
}
