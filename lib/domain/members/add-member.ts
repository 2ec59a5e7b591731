import { DomainError } from "@/lib/platform/core/errors";
import { zodDetails } from "@/lib/platform/core/zod-details";
import { invitationThrottles, throttleOrThrow } from "@/lib/platform/auth/throttles";
import { db } from "@/lib/platform/db/client";
import { isUniqueViolation } from "@/lib/platform/db/errors";
import type { Role } from "@/lib/generated/prisma/enums";
import { recordEvent } from "@/lib/platform/events/record-event";
import { createWithinPlanLimit } from "@/lib/domain/plans/enforce-plan-limit";
import { requireRole, type WorkspaceActor } from "@/lib/domain/access/actor";
import { issueInvitationLink, mailInvitation } from "./mail-invitation";
import { addMemberSchema, type AddMemberInput } from "./member-form-schemas";

export type AddMemberResult = { kind: "invitation"; invitationId: string; email: string; role: Role };

const ALREADY_MEMBER = "This person is already a member of the workspace.";
const ALREADY_INVITED = "This address has already been invited. Resend the invitation or change its role in the list below.";

function conflictOnEmail(message: string) {
  return new DomainError("CONFLICT", message, [{ path: "email", message, code: "conflict" }]);
}

/**
 * Invites someone by email, whether or not the address has an account: nobody joins a workspace
 * by being named. The address gets a mail with a single-use, expiring link;
 * only a signed-in account that has proven that address can accept (lib/domain/invitations). Admins and
 * owners invite, and only an owner can invite an owner. Pending invitations count against the
 * FREE plan's member limit, counted under the workspace lock. Invitation mails are throttled per
 * address and per client IP.
 */
export async function addMember(actor: WorkspaceActor, input: AddMemberInput, origin: { ip: string } = { ip: "unknown" }): Promise<AddMemberResult> {
  requireRole(actor, "ADMIN", "add members");
  const parsed = addMemberSchema.safeParse(input);
  if (!parsed.success) throw new DomainError("VALIDATION_ERROR", "The member details are not valid.", zodDetails(parsed.error));
  const { email, role } = parsed.data;
  if (role === "OWNER" && actor.role !== "OWNER") {
    throw new DomainError("FORBIDDEN", "Only owners can make someone an owner.", [
      { path: "role", message: "Only owners can make someone an owner.", code: "forbidden" },
    ]);
  }

  // User is a global model: looked up by its unique email, then tied to this workspace only
  // through the scoped client. Checked before the plan limit so that re-adding someone already
  // here says so, not "limit reached".
  const user = await db.user.findUnique({ where: { email }, select: { id: true } });
  if (user && (await actor.db.membership.count({ where: { userId: user.id } })) > 0) throw conflictOnEmail(ALREADY_MEMBER);
  if ((await actor.db.invitation.count({ where: { email } })) > 0) throw conflictOnEmail(ALREADY_INVITED);
  await throttleOrThrow(invitationThrottles(actor.workspaceId, email, origin.ip), "Too many invitation mails to this address or from here.", { inTurn: true });

  let created: { invitationId: string; raw: string };
  try {
    created = await createWithinPlanLimit(actor.db, "members", async (tx) => {
      const invitation = await tx.invitation.create({
        data: { workspaceId: actor.workspaceId, email, role, invitedById: actor.userId, expiresAt: new Date() },
        select: { id: true },
      });
      const { raw } = await issueInvitationLink(tx, { id: invitation.id, email });
      await recordEvent(tx, { workspaceId: actor.workspaceId, type: "invitation.created", data: { id: invitation.id, email, role } });
      return { invitationId: invitation.id, raw };
    });
  } catch (error) {
    // Two admins inviting the same address at once: the unique constraint decides, the loser is told.
    if (isUniqueViolation(error)) throw conflictOnEmail(ALREADY_INVITED);
    throw error;
  }
  await mailInvitation(created.invitationId, created.raw);
  return { kind: "invitation", invitationId: created.invitationId, email, role };
}
