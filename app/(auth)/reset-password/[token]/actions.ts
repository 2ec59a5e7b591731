"use server";

import { refuseApiKeyInAction } from "@/lib/auth/guard-action";
import type { FormResult } from "@/lib/forms";
import { resetPassword } from "@/lib/users/reset-password";
import { answerOutage } from "@/lib/forms";

/** Sets the new password; every session of the account ends (lib/users/reset-password.ts). */
export async function resetPasswordAction(token: string, input: { password: string }): Promise<FormResult<{ email: string }>> {
  return answerOutage("resetPasswordAction", async (): Promise<FormResult<{ email: string }>> => {
    await refuseApiKeyInAction();
    return resetPassword({ token, password: input.password });
  });
}
