"use server";

import { guardAction } from "@/lib/auth/guard-action";
import { runAction, SESSION_ENDED, type FormResult } from "@/lib/forms";
import { acceptInvitation, declineInvitation } from "@/lib/invitations/accept-invitation";

export async function acceptByLinkAction(token: string): Promise<FormResult<{ slug: string }>> {
  const user = await guardAction();
  if (!user) return SESSION_ENDED;
  return runAction("acceptByLinkAction", async () => {
    const { workspace } = await acceptInvitation(user.id, { token: String(token) });
    return { slug: workspace.slug };
  });
}

export async function declineByLinkAction(token: string): Promise<FormResult<{ name: string }>> {
  const user = await guardAction();
  if (!user) return SESSION_ENDED;
  return runAction("declineByLinkAction", async () => {
    const { workspace } = await declineInvitation(user.id, { token: String(token) });
    return workspace;
  });
}
