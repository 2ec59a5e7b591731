"use server";

import { guardAction } from "@/lib/surfaces/auth/guard-action";
import { endAllSessions } from "@/lib/platform/auth/sessions";
import { SESSION_ENDED, type FormResult } from "@/lib/platform/forms/forms";

/** Ends every session of the account on the server, this one included; the browser then signs out. */
export async function signOutEverywhereAction(): Promise<FormResult<{ ended: number }>> {
  const user = await guardAction();
  if (!user) return SESSION_ENDED;
  return { ok: true, data: { ended: await endAllSessions(user.id) } };
}
