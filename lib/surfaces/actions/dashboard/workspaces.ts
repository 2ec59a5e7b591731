"use server";

import { headers } from "next/headers";
import { serverAction } from "@/lib/surfaces/actions/server-action";
import { waitMessage } from "@/lib/platform/auth/throttles";
import type { FormResult } from "@/lib/platform/forms/forms";
import type { Role } from "@/lib/generated/prisma/enums";
import { acceptInvitation, declineInvitation } from "@/lib/domain/invitations/accept-invitation";
import { clientIp } from "@/lib/platform/server/client-ip";
import { sendVerificationEmail } from "@/lib/domain/users/send-verification-email";

const ALREADY_CONFIRMED = "Your address is already confirmed.";
const workspacesPage = { pages: ["/workspaces"] };

export async function resendVerificationAction() {
  return serverAction(
    {
      context: "resendVerificationAction",
      caller: "user",
      // Confirmed in another tab meanwhile: the page still asks for it, so it renders afresh.
      stale: (answer: FormResult<{ email: string }>) => (!answer.ok && answer.fieldErrors.form === ALREADY_CONFIRMED ? workspacesPage : undefined),
    },
    async (user): Promise<FormResult<{ email: string }>> => {
      const result = await sendVerificationEmail(user.id, { ip: clientIp(await headers()) });
      if (result.sent) return { ok: true, data: { email: user.email } };
      if (result.reason === "verified") return { ok: false, fieldErrors: { form: ALREADY_CONFIRMED } };
      return { ok: false, fieldErrors: { form: `Several links were made for this address already. ${waitMessage(result.retryAfterSeconds)}` } };
    },
  );
}

export async function acceptInvitationAction(invitationId: string) {
  return serverAction({ context: "acceptInvitationAction", caller: "user", stale: workspacesPage }, async (user): Promise<FormResult<{ slug: string; name: string; role: Role }>> => {
    const { workspace, role } = await acceptInvitation(user.id, { invitationId });
    return { ok: true, data: { ...workspace, role } };
  });
}

export async function declineInvitationAction(invitationId: string) {
  return serverAction({ context: "declineInvitationAction", caller: "user", stale: workspacesPage }, async (user): Promise<FormResult<{ name: string }>> => {
    const { workspace } = await declineInvitation(user.id, { invitationId });
    return { ok: true, data: workspace };
  });
}
