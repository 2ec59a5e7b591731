import { z } from "zod";
import { idSchema } from "@/lib/platform/core/schemas";
import type { Role } from "@/lib/generated/prisma/enums";
import { emailSchema } from "@/lib/domain/users/schemas";

// The members page's inputs, checked again on the server whatever the browser sent.

/** Highest first, as the role pickers list them. */
export const ROLES = ["OWNER", "ADMIN", "MEMBER", "VIEWER"] as const satisfies readonly Role[];

export const ROLE_LABELS: Record<Role, string> = { OWNER: "Owner", ADMIN: "Admin", MEMBER: "Member", VIEWER: "Viewer" };

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  OWNER: "Everything, including making and removing owners.",
  ADMIN: "Manages members, API keys and settings.",
  MEMBER: "Creates and edits content.",
  VIEWER: "Reads everything, changes nothing.",
};

const role = z.enum(ROLES, { message: "Choose a role: owner, admin, member or viewer." });

export const addMemberSchema = z.strictObject({ email: emailSchema, role });

export const changeMemberRoleSchema = z.strictObject({ userId: idSchema, role });

export const removeMemberSchema = z.strictObject({ userId: idSchema });

export const revokeInvitationSchema = z.strictObject({ invitationId: idSchema });

export const invitationRefSchema = revokeInvitationSchema;

export const changeInvitationRoleSchema = z.strictObject({ invitationId: idSchema, role });

export type AddMemberInput = z.input<typeof addMemberSchema>;
export type ChangeMemberRoleInput = z.input<typeof changeMemberRoleSchema>;
export type RemoveMemberInput = z.input<typeof removeMemberSchema>;
export type RevokeInvitationInput = z.input<typeof revokeInvitationSchema>;
export type InvitationRefInput = z.input<typeof invitationRefSchema>;
export type ChangeInvitationRoleInput = z.input<typeof changeInvitationRoleSchema>;
