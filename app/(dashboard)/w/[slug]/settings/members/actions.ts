"use server";

import { headers } from "next/headers";
import { guardAction } from "@/lib/surfaces/auth/guard-action";
import { refreshAfterChange } from "@/lib/platform/cache/refresh-after-change";
import { answerOutage, formFailureOf, SESSION_ENDED, type FormResult } from "@/lib/platform/forms/forms";
import { addMember, type AddMemberResult } from "@/lib/domain/members/add-member";
import { changeInvitationRole } from "@/lib/domain/members/change-invitation-role";
import { changeMemberRole } from "@/lib/domain/members/change-member-role";
import type {
  AddMemberInput,
  ChangeInvitationRoleInput,
  ChangeMemberRoleInput,
  InvitationRefInput,
  RemoveMemberInput,
  RevokeInvitationInput,
} from "@/lib/domain/members/member-form-schemas";
import { copyInvitationLink, resendInvitation } from "@/lib/domain/members/resend-invitation";
import { clientIp } from "@/lib/platform/server/client-ip";
import { removeMember } from "@/lib/domain/members/remove-member";
import { revokeInvitation } from "@/lib/domain/members/revoke-invitation";
import type { Role } from "@/lib/generated/prisma/enums";
import { getWorkspaceActorOrThrow } from "@/lib/domain/access/actor";

// Every action: session, then the caller's role read afresh, then the domain function, which
// checks the role again (under the workspace lock for role changes and removals).

const membersPath = (slug: string) => `/w/${slug}/settings/members`;

export async function addMemberAction(slug: string, input: AddMemberInput): Promise<FormResult<AddMemberResult>> {
  return answerOutage("addMemberAction", async (): Promise<FormResult<AddMemberResult>> => {
    const user = await guardAction();
    if (!user) return SESSION_ENDED;
    try {
      const actor = await getWorkspaceActorOrThrow(user.id, slug);
      const added = await addMember(actor, input, { ip: clientIp(await headers()) });
      refreshAfterChange({ pages: [membersPath(slug)] });
      return { ok: true, data: added };
    } catch (error) {
      return formFailureOf(error, "addMemberAction");
    }
  });
}

export async function changeMemberRoleAction(slug: string, input: ChangeMemberRoleInput): Promise<FormResult<{ userId: string; role: Role }>> {
  return answerOutage("changeMemberRoleAction", async (): Promise<FormResult<{ userId: string; role: Role }>> => {
    const user = await guardAction();
    if (!user) return SESSION_ENDED;
    try {
      const actor = await getWorkspaceActorOrThrow(user.id, slug);
      const changed = await changeMemberRole(actor, input);
      refreshAfterChange({ layouts: [`/w/${slug}`] });
      return { ok: true, data: changed };
    } catch (error) {
      return formFailureOf(error, "changeMemberRoleAction");
    }
  });
}

/** Also "leave the workspace" when the member is the caller; the page then sends them away. */
export async function removeMemberAction(
  slug: string,
  input: RemoveMemberInput,
): Promise<FormResult<{ userId: string; left: boolean; revokedKeys: number }>> {
  return answerOutage("removeMemberAction", async (): Promise<FormResult<{ userId: string; left: boolean; revokedKeys: number }>> => {
    const user = await guardAction();
    if (!user) return SESSION_ENDED;
    try {
      const actor = await getWorkspaceActorOrThrow(user.id, slug);
      const removed = await removeMember(actor, input);
      const left = removed.userId === user.id;
      // Someone who just left would only get a 404 for this page; the browser navigates away instead.
      if (!left) refreshAfterChange({ pages: [membersPath(slug)] });
      return { ok: true, data: { userId: removed.userId, left, revokedKeys: removed.revokedKeys } };
    } catch (error) {
      return formFailureOf(error, "removeMemberAction");
    }
  });
}

export async function revokeInvitationAction(slug: string, input: RevokeInvitationInput): Promise<FormResult<{ invitationId: string }>> {
  return answerOutage("revokeInvitationAction", async (): Promise<FormResult<{ invitationId: string }>> => {
    const user = await guardAction();
    if (!user) return SESSION_ENDED;
    try {
      const actor = await getWorkspaceActorOrThrow(user.id, slug);
      const revoked = await revokeInvitation(actor, input);
      refreshAfterChange({ pages: [membersPath(slug)] });
      return { ok: true, data: revoked };
    } catch (error) {
      return formFailureOf(error, "revokeInvitationAction");
    }
  });
}

export async function resendInvitationAction(slug: string, input: InvitationRefInput): Promise<FormResult<{ email: string; expiresAt: string }>> {
  return answerOutage("resendInvitationAction", async (): Promise<FormResult<{ email: string; expiresAt: string }>> => {
    const user = await guardAction();
    if (!user) return SESSION_ENDED;
    try {
      const actor = await getWorkspaceActorOrThrow(user.id, slug);
      const sent = await resendInvitation(actor, input, { ip: clientIp(await headers()) });
      refreshAfterChange({ pages: [membersPath(slug)] });
      return { ok: true, data: sent };
    } catch (error) {
      return formFailureOf(error, "resendInvitationAction");
    }
  });
}

export async function copyInvitationLinkAction(slug: string, input: InvitationRefInput): Promise<FormResult<{ url: string; expiresAt: string }>> {
  return answerOutage("copyInvitationLinkAction", async (): Promise<FormResult<{ url: string; expiresAt: string }>> => {
    const user = await guardAction();
    if (!user) return SESSION_ENDED;
    try {
      const actor = await getWorkspaceActorOrThrow(user.id, slug);
      const link = await copyInvitationLink(actor, input);
      refreshAfterChange({ pages: [membersPath(slug)] });
      return { ok: true, data: link };
    } catch (error) {
      return formFailureOf(error, "copyInvitationLinkAction");
    }
  });
}

export async function changeInvitationRoleAction(slug: string, input: ChangeInvitationRoleInput): Promise<FormResult<{ invitationId: string; role: Role }>> {
  return answerOutage("changeInvitationRoleAction", async (): Promise<FormResult<{ invitationId: string; role: Role }>> => {
    const user = await guardAction();
    if (!user) return SESSION_ENDED;
    try {
      const actor = await getWorkspaceActorOrThrow(user.id, slug);
      const changed = await changeInvitationRole(actor, input);
      refreshAfterChange({ pages: [membersPath(slug)] });
      return { ok: true, data: changed };
    } catch (error) {
      return formFailureOf(error, "changeInvitationRoleAction");
    }
  });
}
