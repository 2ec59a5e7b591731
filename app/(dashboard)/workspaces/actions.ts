"use server";

import { headers } from "next/headers";
import { guardAction } from "@/lib/surfaces/auth/guard-action";
import { refreshAfterChange } from "@/lib/platform/cache/refresh-after-change";
import { waitMessage } from "@/lib/platform/auth/throttles";
import { answerOutage, formFailureOf, SESSION_ENDED, type FormResult } from "@/lib/platform/forms/forms";
import type { Role } from "@/lib/generated/prisma/enums";
import { acceptInvitation, declineInvitation } from "@/lib/domain/invitations/accept-invitation";
import { clientIp } from "@/lib/platform/server/client-ip";
import { sendVerificationEmail } from "@/lib/domain/users/send-verification-email";

export async function resendVerificationAction(): Promise<FormResult<{ email: string }>> {
  return answerOutage("resendVerificationAction", async (): Promise<FormResult<{ email: string }>> => {
    const user = await guardAction();
    if (!user) return SESSION_ENDED;
    const result = await sendVerificationEmail(user.id, { ip: clientIp(await headers()) });
    if (result.sent) return { ok: true, data: { email: user.email } };
    if (result.reason === "verified") {
      refreshAfterChange({ pages: ["/workspaces"] });
      return { ok: false, fieldErrors: { form: "Your address is already confirmed." } };
    }
    return { ok: false, fieldErrors: { form: `Several links were made for this address already. ${waitMessage(result.retryAfterSeconds)}` } };
  });
}

export async function acceptInvitationAction(invitationId: string): Promise<FormResult<{ slug: string; name: string; role: Role }>> {
  return answerOutage("acceptInvitationAction", async (): Promise<FormResult<{ slug: string; name: string; role: Role }>> => {
    const user = await guardAction();
    if (!user) return SESSION_ENDED;
    try {
      const { workspace, role } = await acceptInvitation(user.id, { invitationId });
      refreshAfterChange({ pages: ["/workspaces"] });
      return { ok: true, data: { ...workspace, role } };
    } catch (error) {
      return formFailureOf(error, "acceptInvitationAction");
    }
  });
}

export async function declineInvitationAction(invitationId: string): Promise<FormResult<{ name: string }>> {
  return answerOutage("declineInvitationAction", async (): Promise<FormResult<{ name: string }>> => {
    const user = await guardAction();
    if (!user) return SESSION_ENDED;
    try {
      const { workspace } = await declineInvitation(user.id, { invitationId });
      refreshAfterChange({ pages: ["/workspaces"] });
      return { ok: true, data: workspace };
    } catch (error) {
      return formFailureOf(error, "declineInvitationAction");
    }
  });
}
