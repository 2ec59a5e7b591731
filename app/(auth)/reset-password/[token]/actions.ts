"use server";

import { refuseApiKeyInAction } from "@/lib/auth/guard-action";
import type { FormResult } from "@/lib/forms";
import { inAuthLanguage } from "@/lib/i18n/auth-form-errors";
import { isPortalLocale } from "@/lib/i18n/locales";
import { resetPassword } from "@/lib/users/reset-password";
import { answerOutage } from "@/lib/forms";

/**
 * Sets the new password; every session of the account ends (lib/users/reset-password.ts). `lang`
 * is the page's language when a portal visitor's reset link opened it: refusals are said in it.
 */
export async function resetPasswordAction(token: string, lang: string | null, input: { password: string }): Promise<FormResult<{ email: string }>> {
  return inAuthLanguage(
    isPortalLocale(lang) ? lang : undefined,
    await answerOutage("resetPasswordAction", async (): Promise<FormResult<{ email: string }>> => {
      await refuseApiKeyInAction();
      return resetPassword({ token, password: input.password });
    }),
  );
}
