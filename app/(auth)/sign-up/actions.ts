"use server";

import { refuseApiKeyInAction } from "@/lib/auth/guard-action";
import type { FormResult } from "@/lib/forms";
import { createUser } from "@/lib/users/create-user";

export async function signUpAction(input: { name: string; email: string; password: string }): Promise<FormResult<null>> {
  await refuseApiKeyInAction();
  const result = await createUser(input);
  return result.ok ? { ok: true, data: null } : result;
}
