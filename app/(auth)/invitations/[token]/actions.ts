"use server";

import { guardAction } from "@/lib/surfaces/auth/guard-action";
import { answerOutage, formFailureOf, SESSION_ENDED, type FormResult } from "@/lib/platform/forms/forms";
import { acceptInvitation, declineInvitation } from "@/lib/domain/invitations/accept-invitation";

export async function acceptByLinkAction(token: string): Promise<FormResult<{ slug: string }>> {
  return answerOutage("acceptByLinkAction", async (): Promise<FormResult<{ slug: string }>> => {
    const user = await guardAction();
    if (!user) return SESSION_ENDED;
    try {
      const { workspace } = await acceptInvitation(user.id, { token: String(token) });
      return { ok: true, data: { slug: workspace.slug } };
    } catch (error) {
      return formFailureOf(error, "acceptByLinkAction");
    }
  });
}

export async function declineByLinkAction(token: string): Promise<FormResult<{ name: string }>> {
  return answerOutage("declineByLinkAction", async (): Promise<FormResult<{ name: string }>> => {
    const user = await guardAction();
    if (!user) return SESSION_ENDED;
    try {
      const { workspace } = await declineInvitation(user.id, { token: String(token) });
      return { ok: true, data: workspace };
    } catch (error) {
      return formFailureOf(error, "declineByLinkAction");
    }
  });
}
