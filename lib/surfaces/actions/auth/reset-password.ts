"use server";

import { serverAction } from "@/lib/surfaces/actions/server-action";
import type { FormResult } from "@/lib/platform/forms/forms";
import { inAuthLanguage } from "@/lib/surfaces/auth/auth-form-errors";
import { isPortalLocale } from "@/lib/platform/i18n/locales";
import { resetPassword } from "@/lib/domain/users/reset-password";

/**
 * Sets the new password; every session of the account ends (lib/domain/users/reset-password.ts). `lang`
 * is the page's language when a portal visitor's reset link opened it: refusals are said in it.
 */
export async function resetPasswordAction(token: string, lang: string | null, input: { password: string }): Promise<FormResult<{ email: string }>> {
  return inAuthLanguage(
    isPortalLocale(lang) ? lang : undefined,
    await serverAction({ context: "resetPasswordAction", caller: "anyone" }, (): Promise<FormResult<{ email: string }>> => resetPassword({ token, password: input.password })),
  );
}
