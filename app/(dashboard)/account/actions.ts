"use server";

import { headers } from "next/headers";
import { guardAction } from "@/lib/surfaces/auth/guard-action";
import { refreshAfterChange } from "@/lib/platform/cache/refresh-after-change";
import { answerOutage, SESSION_ENDED, type FormResult } from "@/lib/platform/forms/forms";
import { clientIp } from "@/lib/platform/server/client-ip";
import { changeName } from "@/lib/domain/users/change-name";
import { changePassword } from "@/lib/domain/users/change-password";
import { deleteAccount } from "@/lib/domain/users/delete-account";
import { requestEmailChange } from "@/lib/domain/users/request-email-change";

// The account page's forms: each reads the session afresh, then calls its lib/domain/users function.

export async function changeNameAction(input: { name: string }): Promise<FormResult<{ name: string | null }>> {
  return answerOutage("changeNameAction", async (): Promise<FormResult<{ name: string | null }>> => {
    const user = await guardAction();
    if (!user) return SESSION_ENDED;
    const result = await changeName(user.id, input);
    if (result.ok) refreshAfterChange({ layouts: ["/"] });
    return result;
  });
}

export async function requestEmailChangeAction(input: { email: string; currentPassword: string }): Promise<FormResult<{ email: string }>> {
  return answerOutage("requestEmailChangeAction", async (): Promise<FormResult<{ email: string }>> => {
    const user = await guardAction();
    if (!user) return SESSION_ENDED;
    return requestEmailChange(user.id, input, { ip: clientIp(await headers()) });
  });
}

export async function changePasswordAction(input: { currentPassword: string; newPassword: string }): Promise<FormResult<{ endedSessions: number }>> {
  return answerOutage("changePasswordAction", async (): Promise<FormResult<{ endedSessions: number }>> => {
    const user = await guardAction();
    if (!user) return SESSION_ENDED;
    return changePassword({ id: user.id, sessionId: user.sessionId }, input, { ip: clientIp(await headers()) });
  });
}

export async function deleteAccountAction(input: { confirmation: string }): Promise<FormResult<{ deletedWorkspaces: string[] }>> {
  return answerOutage("deleteAccountAction", async (): Promise<FormResult<{ deletedWorkspaces: string[] }>> => {
    const user = await guardAction();
    if (!user) return SESSION_ENDED;
    return deleteAccount(user.id, input);
  });
}
