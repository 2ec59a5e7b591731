"use server";

import { headers } from "next/headers";
import { refuseApiKeyInAction } from "@/lib/auth/guard-action";
import type { FormResult } from "@/lib/forms";
import { inAuthLanguage } from "@/lib/i18n/auth-form-errors";
import { isPortalLocale } from "@/lib/i18n/locales";
import { clientIp } from "@/lib/public/client-ip";
import { requestPasswordReset } from "@/lib/users/request-password-reset";
import { answerOutage } from "@/lib/forms";

/**
 * The same answer whether or not the address has an account (lib/users/request-password-reset.ts).
 * `lang` is the page's language when a portal visitor opened it: the mail is written in it.
 */
export async function requestPasswordResetAction(lang: string | null, input: { email: string }): Promise<FormResult<{ email: string }>> {
  const locale = isPortalLocale(lang) ? lang : undefined;
  return inAuthLanguage(
    locale,
    await answerOutage("requestPasswordResetAction", async (): Promise<FormResult<{ email: string }>> => {
      await refuseApiKeyInAction();
      return requestPasswordReset({ email: input.email }, { ip: clientIp(await headers()), locale });
    }),
  );
}
