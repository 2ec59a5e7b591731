import { z } from "zod";
import { countField, idField } from "@/lib/platform/core/fields";
import { safeText } from "@/lib/platform/core/schemas";
import { addMemberSchema, changeMemberRoleSchema, ROLES } from "./member-form-schemas";

// Emails are stored lower-cased (User.email), so lower-casing the query is the whole of the
// case-insensitive match, and the lookup stays an equality on the unique index.
const email = z
  .string({ error: (issue) => (issue.input === undefined ? "email is required." : "Send email once, as text.") })
  .pipe(safeText({ min: 1, max: 254, label: "email" }))
  .transform((value) => value.toLowerCase())
  .pipe(z.email({ message: "email must be an email address." }));

export const findMemberQuery = z.strictObject({ email });

export type FindMemberQuery = z.output<typeof findMemberQuery>;

// The API's member writes: the dashboard's own schemas, the path carrying the id.
export const changeRoleBody = changeMemberRoleSchema.omit({ userId: true });

export const removedMemberSchema = z
  .strictObject({ userId: idField, revokedKeys: countField.meta({ description: "API keys the member had created, revoked with their membership." }) })
  .meta({ id: "RemovedMember" });

export const roleChangeSchema = z.strictObject({ userId: idField, role: z.enum(ROLES) }).meta({ id: "RoleChange" });

export const invitationSchema = z.strictObject({ invitationId: idField, email: z.email(), role: z.enum(ROLES) }).meta({ id: "Invitation" });

export const revokedInvitationSchema = z.strictObject({ invitationId: idField }).meta({ id: "RevokedInvitation" });

export const inviteBody = addMemberSchema;
