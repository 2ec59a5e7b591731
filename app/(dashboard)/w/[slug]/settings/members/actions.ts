"use server";

import { headers } from "next/headers";
import { revalidatePath } from "next/cache";
import { guardAction } from "@/lib/auth/guard-action";
import { runAction, SESSION_ENDED, type FormResult } from "@/lib/forms";
import { addMember, type AddMemberResult } from "@/lib/members/add-member";
import { changeInvitationRole } from "@/lib/members/change-invitation-role";
import { changeMemberRole } from "@/lib/members/change-member-role";
import type {
  AddMemberInput,
  ChangeInvitationRoleInput,
  ChangeMemberRoleInput,
  InvitationRefInput,
  RemoveMemberInput,
  RevokeInvitationInput,
} from "@/lib/members/member-form-schemas";
import { copyInvitationLink, resendInvitation } from "@/lib/members/resend-invitation";
import { clientIp } from "@/lib/public/client-ip";
import { removeMember } from "@/lib/members/remove-member";
import { revokeInvitation } from "@/lib/members/revoke-invitation";
import type { Role } from "@/lib/generated/prisma/enums";
import { getWorkspaceActorOrThrow } from "@/lib/workspaces/actor";

// Every action: session, then the caller's role read afresh, then the domain function, which
// checks the role again (under the workspace lock for role changes and removals).

const membersPath = (slug: string) => `/w/${slug}/settings/members`;

export async function addMemberAction(slug: string, input: AddMemberInput): Promise<FormResult<AddMemberResult>> {
  const user = await guardAction();
  if (!user) return SESSION_ENDED;
  return runAction("addMemberAction", async () => {
    const actor = await getWorkspaceActorOrThrow(user.id, slug);
    const added = await addMember(actor, input, { ip: clientIp(await headers()) });
    revalidatePath(membersPath(slug));
    return added;
  });
}

export async function changeMemberRoleAction(slug: string, input: ChangeMemberRoleInput): Promise<FormResult<{ userId: string; role: Role }>> {
  const user = await guardAction();
  if (!user) return SESSION_ENDED;
  return runAction("changeMemberRoleAction", async () => {
    const actor = await getWorkspaceActorOrThrow(user.id, slug);
    const changed = await changeMemberRole(actor, input);
    revalidatePath(`/w/${slug}`, "layout");
    return changed;
  });
}

/** Also "leave the workspace" when the member is the caller; the page then sends them away. */
export async function removeMemberAction(
  slug: string,
  input: RemoveMemberInput,
): Promise<FormResult<{ userId: string; left: boolean; revokedKeys: number }>> {
  const user = await guardAction();
  if (!user) return SESSION_ENDED;
  return runAction("removeMemberAction", async () => {
    const actor = await getWorkspaceActorOrThrow(user.id, slug);
    const removed = await removeMember(actor, input);
    const left = removed.userId === user.id;
    // Someone who just left would only get a 404 for this page; the browser navigates away instead.
    if (!left) revalidatePath(membersPath(slug));
    return { userId: removed.userId, left, revokedKeys: removed.revokedKeys };
  });
}

export async function revokeInvitationAction(slug: string, input: RevokeInvitationInput): Promise<FormResult<{ invitationId: string }>> {
  const user = await guardAction();
  if (!user) return SESSION_ENDED;
  return runAction("revokeInvitationAction", async () => {
    const actor = await getWorkspaceActorOrThrow(user.id, slug);
    const revoked = await revokeInvitation(actor, input);
    revalidatePath(membersPath(slug));
    return revoked;
  });
}

export async function resendInvitationAction(slug: string, input: InvitationRefInput): Promise<FormResult<{ email: string; expiresAt: string }>> {
  const user = await guardAction();
  if (!user) return SESSION_ENDED;
  return runAction("resendInvitationAction", async () => {
    const actor = await getWorkspaceActorOrThrow(user.id, slug);
    const sent = await resendInvitation(actor, input, { ip: clientIp(await headers()) });
    revalidatePath(membersPath(slug));
    return sent;
  });
}

export async function copyInvitationLinkAction(slug: string, input: InvitationRefInput): Promise<FormResult<{ url: string; expiresAt: string }>> {
  const user = await guardAction();
  if (!user) return SESSION_ENDED;
  return runAction("copyInvitationLinkAction", async () => {
    const actor = await getWorkspaceActorOrThrow(user.id, slug);
    const link = await copyInvitationLink(actor, input);
    revalidatePath(membersPath(slug));
    return link;
  });
}

export async function changeInvitationRoleAction(slug: string, input: ChangeInvitationRoleInput): Promise<FormResult<{ invitationId: string; role: Role }>> {
  const user = await guardAction();
  if (!user) return SESSION_ENDED;
  return runAction("changeInvitationRoleAction", async () => {
    const actor = await getWorkspaceActorOrThrow(user.id, slug);
    const changed = await changeInvitationRole(actor, input);
    revalidatePath(membersPath(slug));
    return changed;
  });
}
