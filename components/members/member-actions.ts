import type { FormResult } from "@/lib/platform/forms/forms";
import type { Role } from "@/lib/generated/prisma/enums";
import type { AddMemberResult } from "@/lib/domain/members/add-member";
import type {
  AddMemberInput,
  ChangeInvitationRoleInput,
  ChangeMemberRoleInput,
  InvitationRefInput,
  RemoveMemberInput,
  RevokeInvitationInput,
} from "@/lib/domain/members/member-form-schemas";

/** The members page's server actions, handed down by the page (components never import them). */
export interface MemberActions {
  addMember: (slug: string, input: AddMemberInput) => Promise<FormResult<AddMemberResult>>;
  changeMemberRole: (slug: string, input: ChangeMemberRoleInput) => Promise<FormResult<{ userId: string; role: Role }>>;
  removeMember: (slug: string, input: RemoveMemberInput) => Promise<FormResult<{ userId: string; left: boolean; revokedKeys: number }>>;
  revokeInvitation: (slug: string, input: RevokeInvitationInput) => Promise<FormResult<{ invitationId: string }>>;
  resendInvitation: (slug: string, input: InvitationRefInput) => Promise<FormResult<{ email: string; expiresAt: string }>>;
  copyInvitationLink: (slug: string, input: InvitationRefInput) => Promise<FormResult<{ url: string; expiresAt: string }>>;
  changeInvitationRole: (slug: string, input: ChangeInvitationRoleInput) => Promise<FormResult<{ invitationId: string; role: Role }>>;
}
