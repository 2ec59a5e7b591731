"use server";

import { headers } from "next/headers";
import { serverAction } from "@/lib/surfaces/actions/server-action";
import { clientIp } from "@/lib/platform/server/client-ip";
import type { FormResult } from "@/lib/platform/forms/forms";
import { changeName } from "@/lib/domain/users/change-name";
import { changePassword } from "@/lib/domain/users/change-password";
import { deleteAccount } from "@/lib/domain/users/delete-account";
import { requestEmailChange } from "@/lib/domain/users/request-email-change";

// The account page's forms: each reads the session afresh, then calls its lib/domain/users function.

export async function changeNameAction(input: { name: string }) {
  return serverAction({ context: "changeNameAction", caller: "user", stale: { layouts: ["/"] } }, (user) => changeName(user.id, input));
}

export async function requestEmailChangeAction(input: { email: string; currentPassword: string }) {
  return serverAction({ context: "requestEmailChangeAction", caller: "user" }, async (user) => requestEmailChange(user.id, input, { ip: clientIp(await headers()) }));
}

export async function changePasswordAction(input: { currentPassword: string; newPassword: string }) {
  return serverAction({ context: "changePasswordAction", caller: "user" }, async (user) =>
    changePassword({ id: user.id, sessionId: user.sessionId }, input, { ip: clientIp(await headers()) }),
  );
}

/**
 * Workspaces the account owned alone go with it: this instance's cached public answers of each go
 * at once (every instance's on the database's notice of the deleted rows).
 */
export async function deleteAccountAction(input: { confirmation: string }) {
  return serverAction(
    {
      context: "deleteAccountAction",
      caller: "user",
      stale: (answer: FormResult<{ deletedWorkspaces: string[] }>) => (answer.ok ? { publicAnswersOf: answer.data.deletedWorkspaces } : undefined),
    },
    (user) => deleteAccount(user.id, input),
  );
}
