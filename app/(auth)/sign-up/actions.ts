"use server";

import { headers } from "next/headers";
import { refuseApiKeyInAction } from "@/lib/auth/guard-action";
import type { FormResult } from "@/lib/forms";
import { clientIp } from "@/lib/public/client-ip";
import { registerAccount } from "@/lib/users/register-account";
import { answerOutage } from "@/lib/forms";

/** The same answer whether or not the address has an account (lib/users/register-account.ts). */
export async function signUpAction(input: { name: string; email: string; password: string }): Promise<FormResult<{ email: string }>> {
  return answerOutage("signUpAction", async (): Promise<FormResult<{ email: string }>> => {
    await refuseApiKeyInAction();
    return registerAccount(input, { ip: clientIp(await headers()) });
  });
}
