"use server";

import { headers } from "next/headers";
import { runWorkspaceAction } from "@/lib/surfaces/actions/workspace-action";
import { addMember } from "@/lib/domain/members/add-member";
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

// Every action: session, then the caller's role read afresh, then the domain function, which
// checks the role again (under the workspace lock for role changes and removals).

const membersPage = (slug: string) => ({ pages: [`/w/${slug}/settings/members`] });

export async function addMemberAction(slug: string, input: AddMemberInput) {
  return runWorkspaceAction(slug, "addMemberAction", async (actor) => addMember(actor, input, { ip: clientIp(await headers()) }), membersPage(slug));
}

export async function changeMemberRoleAction(slug: string, input: ChangeMemberRoleInput) {
  return runWorkspaceAction(slug, "changeMemberRoleAction", (actor) => changeMemberRole(actor, input), { layouts: [`/w/${slug}`] });
}

/** Also "leave the workspace" when the member is the caller; the page then sends them away. */
export async function removeMemberAction(slug: string, input: RemoveMemberInput) {
  return runWorkspaceAction(
    slug,
    "removeMemberAction",
    async (actor) => {
      const removed = await removeMember(actor, input);
      return { userId: removed.userId, left: removed.userId === actor.userId, revokedKeys: removed.revokedKeys };
    },
    // Someone who just left would only get a 404 for this page; the browser navigates away instead.
    (answer) => (answer.ok && !answer.data.left ? membersPage(slug) : undefined),
  );
}

export async function revokeInvitationAction(slug: string, input: RevokeInvitationInput) {
  return runWorkspaceAction(slug, "revokeInvitationAction", (actor) => revokeInvitation(actor, input), membersPage(slug));
}

export async function resendInvitationAction(slug: string, input: InvitationRefInput) {
  return runWorkspaceAction(slug, "resendInvitationAction", async (actor) => resendInvitation(actor, input, { ip: clientIp(await headers()) }), membersPage(slug));
}

export async function copyInvitationLinkAction(slug: string, input: InvitationRefInput) {
  return runWorkspaceAction(slug, "copyInvitationLinkAction", (actor) => copyInvitationLink(actor, input), membersPage(slug));
}

export async function changeInvitationRoleAction(slug: string, input: ChangeInvitationRoleInput) {
  return runWorkspaceAction(slug, "changeInvitationRoleAction", (actor) => changeInvitationRole(actor, input), membersPage(slug));
}
