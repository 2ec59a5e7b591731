"use server";

import { headers } from "next/headers";
import { serverAction } from "@/lib/surfaces/actions/server-action";
import type { FormResult } from "@/lib/platform/forms/forms";
import { inAuthLanguage } from "@/lib/surfaces/auth/auth-form-errors";
import { isPortalLocale } from "@/lib/platform/i18n/locales";
import { clientIp } from "@/lib/platform/server/client-ip";
import { requestPasswordReset } from "@/lib/domain/users/request-password-reset";

/**
 * The same answer whether or not the address has an account (lib/domain/users/request-password-reset.ts).
 * `lang` is the page's language when a portal visitor opened it: the mail is written in it.
 */
export async function requestPasswordResetAction(lang: string | null, input: { email: string }): Promise<FormResult<{ email: string }>> {
  const locale = isPortalLocale(lang) ? lang : undefined;
  return inAuthLanguage(
    locale,
    await serverAction({ context: "requestPasswordResetAction", caller: "anyone" }, async (): Promise<FormResult<{ email: string }>> =>
      requestPasswordReset({ email: input.email }, { ip: clientIp(await headers()), locale }),
    ),
  );
}
