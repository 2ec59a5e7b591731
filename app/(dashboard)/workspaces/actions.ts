"use server";

import { headers } from "next/headers";
import { revalidatePath } from "next/cache";
import { guardAction } from "@/lib/auth/guard-action";
import { waitMessage } from "@/lib/auth/throttles";
import { runAction, SESSION_ENDED, type FormResult } from "@/lib/forms";
import type { Role } from "@/lib/generated/prisma/enums";
import { acceptInvitation, declineInvitation } from "@/lib/invitations/accept-invitation";
import { clientIp } from "@/lib/public/client-ip";
import { sendVerificationEmail } from "@/lib/users/send-verification-email";

export async function resendVerificationAction(): Promise<FormResult<{ email: string }>> {
  const user = await guardAction();
  if (!user) return SESSION_ENDED;
  const result = await sendVerificationEmail(user.id, { ip: clientIp(await headers()) });
  if (result.sent) return { ok: true, data: { email: user.email } };
  if (result.reason === "verified") {
    revalidatePath("/workspaces");
    return { ok: false, fieldErrors: { form: "Your address is already confirmed." } };
  }
  return { ok: false, fieldErrors: { form: `We sent several links already. ${waitMessage(result.retryAfterSeconds)}` } };
}

export async function acceptInvitationAction(invitationId: string): Promise<FormResult<{ slug: string; name: string; role: Role }>> {
  const user = await guardAction();
  if (!user) return SESSION_ENDED;
  return runAction("acceptInvitationAction", async () => {
    const { workspace, role } = await acceptInvitation(user.id, { invitationId });
    revalidatePath("/workspaces");
    return { ...workspace, role };
  });
}

export async function declineInvitationAction(invitationId: string): Promise<FormResult<{ name: string }>> {
  const user = await guardAction();
  if (!user) return SESSION_ENDED;
  return runAction("declineInvitationAction", async () => {
    const { workspace } = await declineInvitation(user.id, { invitationId });
    revalidatePath("/workspaces");
    return workspace;
  });
}
