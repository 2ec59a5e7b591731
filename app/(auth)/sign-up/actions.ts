"use server";

import { headers } from "next/headers";
import { refuseApiKeyInAction } from "@/lib/auth/guard-action";
import type { FormResult } from "@/lib/forms";
import { clientIp } from "@/lib/public/client-ip";
import { registerAccount } from "@/lib/users/register-account";
import { safeCallbackUrl } from "@/lib/auth/safe-callback";
import { portalLocaleOfPath } from "@/lib/i18n/portal-locale-route";
import { answerOutage } from "@/lib/forms";

/**
 * The same answer whether or not the address has an account (lib/users/register-account.ts).
 * Signing up on the way back to a portal page, the verification mail speaks that page's language.
 */
export async function signUpAction(input: { name: string; email: string; password: string }, callbackUrl?: string): Promise<FormResult<{ email: string }>> {
  return answerOutage("signUpAction", async (): Promise<FormResult<{ email: string }>> => {
    await refuseApiKeyInAction();
    const locale = await portalLocaleOfPath(typeof callbackUrl === "string" ? safeCallbackUrl(callbackUrl) : undefined);
    return registerAccount(input, { ip: clientIp(await headers()), locale });
  });
}
