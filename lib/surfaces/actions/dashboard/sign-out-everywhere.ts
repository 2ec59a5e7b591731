"use server";

import { serverAction } from "@/lib/surfaces/actions/server-action";
import { endAllSessions } from "@/lib/platform/auth/sessions";
import type { FormResult } from "@/lib/platform/forms/forms";

/** Ends every session of the account on the server, this one included; the browser then signs out. */
export async function signOutEverywhereAction() {
  return serverAction({ context: "signOutEverywhereAction", caller: "user" }, async (user): Promise<FormResult<{ ended: number }>> => ({
    ok: true,
    data: { ended: await endAllSessions(user.id) },
  }));
}
