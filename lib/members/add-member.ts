import { ApiError } from "@/lib/api/error-codes";
import { zodDetails } from "@/lib/api/zod-details";
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import type { Role } from "@/lib/generated/prisma/enums";
import { createWithinPlanLimit } from "@/lib/plans/enforce-plan-limit";
import { requireRole, type WorkspaceActor } from "@/lib/workspaces/actor";
import { attachInvitations } from "./attach-invitations";
import { addMemberSchema, type AddMemberInput } from "./member-form-schemas";

export type AddMemberResult =
  | { kind: "member"; userId: string; email: string; role: Role }
  | { kind: "invitation"; invitationId: string; email: string; role: Role };

const ALREADY_MEMBER = "This person is already a member of the workspace.";
const ALREADY_INVITED = "This address has already been invited. Revoke the invitation to invite it again with another role.";

function conflictOnEmail(message: string) {
  return new ApiError("CONFLICT", message, [{ path: "email", message, code: "conflict" }]);
}

/**
 * Adds someone by email: an existing account joins at once; an unknown address becomes a pending
 * invitation that turns into a membership when that address signs up (lib/members/attach-invitations.ts).
 * Admins and owners add members, and only an owner can make someone an owner. Members and pending
 * invitations count against the FREE plan's member limit, counted under the workspace lock.
 */
export async function addMember(actor: WorkspaceActor, input: AddMemberInput): Promise<AddMemberResult> {
  requireRole(actor, "ADMIN", "add members");
  const parsed = addMemberSchema.safeParse(input);
  if (!parsed.success) throw new ApiError("VALIDATION_ERROR", "The member details are not valid.", zodDetails(parsed.error));
  const { email, role } = parsed.data;
  if (role === "OWNER" && actor.role !== "OWNER") {
    throw new ApiError("FORBIDDEN", "Only owners can make someone an owner.", [
      { path: "role", message: "Only owners can make someone an owner.", code: "forbidden" },
    ]);
  }

  // User is a global model: looked up by its unique email, then tied to this workspace only
  // through the scoped client.
  const user = await db.user.findUnique({ where: { email }, select: { id: true, email: true } });

  // Checked before the plan limit so that re-adding someone already here says so, not "limit reached".
  if (user && (await actor.db.membership.count({ where: { userId: user.id } })) > 0) throw conflictOnEmail(ALREADY_MEMBER);
  if (!user && (await actor.db.invitation.count({ where: { email } })) > 0) throw conflictOnEmail(ALREADY_INVITED);

  let result: AddMemberResult;
  try {
    result = await createWithinPlanLimit(actor.db, "members", async (tx): Promise<AddMemberResult> => {
      if (user) {
        await tx.membership.create({ data: { workspaceId: actor.workspaceId, userId: user.id, role } });
        return { kind: "member", userId: user.id, email: user.email, role };
      }
      const invitation = await tx.invitation.create({
        data: { workspaceId: actor.workspaceId, email, role, invitedById: actor.userId },
        select: { id: true },
      });
      return { kind: "invitation", invitationId: invitation.id, email, role };
    });
  } catch (error) {
    // Two admins adding the same person at once: the unique constraint decides, the loser is told.
    if (isUniqueViolation(error)) throw conflictOnEmail(user ? ALREADY_MEMBER : ALREADY_INVITED);
    throw error;
  }
  if (result.kind === "invitation") {
    // The address may have signed up while the invitation was being written (see attachInvitations).
    const joined = await db.user.findUnique({ where: { email }, select: { id: true, email: true } });
    if (joined) {
      await attachInvitations(joined);
      // Attached here or by the sign-up's own second look: either way they are a member now.
      if ((await actor.db.membership.count({ where: { userId: joined.id } })) > 0) {
        return { kind: "member", userId: joined.id, email: joined.email, role };
      }
    }
  }
  return result;
}
