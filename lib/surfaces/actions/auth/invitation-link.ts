"use server";

import { serverAction } from "@/lib/surfaces/actions/server-action";
import type { FormResult } from "@/lib/platform/forms/forms";
import { acceptInvitation, declineInvitation } from "@/lib/domain/invitations/accept-invitation";

export async function acceptByLinkAction(token: string) {
  return serverAction({ context: "acceptByLinkAction", caller: "user" }, async (user): Promise<FormResult<{ slug: string }>> => {
    const { workspace } = await acceptInvitation(user.id, { token: String(token) });
    return { ok: true, data: { slug: workspace.slug } };
  });
}

export async function declineByLinkAction(token: string) {
  return serverAction({ context: "declineByLinkAction", caller: "user" }, async (user): Promise<FormResult<{ name: string }>> => {
    const { workspace } = await declineInvitation(user.id, { token: String(token) });
    return { ok: true, data: workspace };
  });
}
