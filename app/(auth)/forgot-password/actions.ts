"use server";

import { headers } from "next/headers";
import { refuseApiKeyInAction } from "@/lib/auth/guard-action";
import type { FormResult } from "@/lib/forms";
import { clientIp } from "@/lib/public/client-ip";
import { requestPasswordReset } from "@/lib/users/request-password-reset";
import { answerOutage } from "@/lib/forms";

/** The same answer whether or not the address has an account (lib/users/request-password-reset.ts). */
export async function requestPasswordResetAction(input: { email: string }): Promise<FormResult<{ email: string }>> {
  return answerOutage("requestPasswordResetAction", async (): Promise<FormResult<{ email: string }>> => {
    await refuseApiKeyInAction();
    return requestPasswordReset({ email: input.email }, { ip: clientIp(await headers()) });
  });
}
