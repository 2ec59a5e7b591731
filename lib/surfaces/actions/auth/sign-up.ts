"use server";

import { headers } from "next/headers";
import { serverAction } from "@/lib/surfaces/actions/server-action";
import { safePortalPath } from "@/lib/platform/auth/safe-callback";
import type { FormResult } from "@/lib/platform/forms/forms";
import { clientIp } from "@/lib/platform/server/client-ip";
import { registerAccount } from "@/lib/domain/users/register-account";
import { inAuthLanguage } from "@/lib/surfaces/auth/auth-form-errors";
import { authLocaleOf } from "@/lib/surfaces/auth/auth-locale";
import { portalSignUpClosedFor } from "@/lib/domain/sso/portal-sign-up-closed";
import { translatorFor } from "@/lib/platform/i18n/messages";
import { DEFAULT_PORTAL_LOCALE } from "@/lib/platform/i18n/locales";

/**
 * The same answer whether or not the address has an account (lib/domain/users/register-account.ts).
 * Signing up from a portal (on the way back to one of its pages, or on a page in its language), the
 * account keeps that language for the mails its visitor receives.
 */
export async function signUpAction(input: { name: string; email: string; password: string }, callbackUrl?: string, lang?: string): Promise<FormResult<{ email: string }>> {
  const locale = await authLocaleOf({ lang, callbackUrl }).catch(() => undefined);
  return inAuthLanguage(
    locale,
    await serverAction({ context: "signUpAction", caller: "anyone" }, async (): Promise<FormResult<{ email: string }>> => {
      const returnTo = safePortalPath(callbackUrl);
      // A portal whose team lets people in through its own app only: no account is made for it here.
      const closed = await portalSignUpClosedFor(returnTo);
      if (closed) return { ok: false, fieldErrors: { form: translatorFor(locale ?? DEFAULT_PORTAL_LOCALE, "Sso")("ssoOnly", { name: closed.name }) } };
      return registerAccount(input, { ip: clientIp(await headers()), locale, returnTo: returnTo ?? undefined });
    }),
  );
}
