import type { Role } from "@/lib/generated/prisma/enums";
import { canManageWorkspace } from "@/lib/roles";
import type { WorkspaceActor } from "@/lib/workspaces/actor";

export interface MemberView {
  userId: string;
  email: string;
  name: string | null;
  role: Role;
  joinedAt: string;
}

export interface InvitationView {
  id: string;
  email: string;
  role: Role;
  invitedBy: string | null;
  createdAt: string;
}

const ROLE_ORDER: Record<Role, number> = { OWNER: 0, ADMIN: 1, MEMBER: 2, VIEWER: 3 };

/**
 * Everyone in the workspace, owners first. Every member may see who else is in it; pending
 * invitations (addresses of people who have not joined) are shown only to those who manage members.
 */
export async function listMembers(actor: WorkspaceActor): Promise<{ members: MemberView[]; invitations: InvitationView[] }> {
  const [memberships, invitations] = await Promise.all([
    actor.db.membership.findMany({
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { role: true, createdAt: true, user: { select: { id: true, email: true, name: true } } },
    }),
    canManageWorkspace(actor.role)
      ? actor.db.invitation.findMany({
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
          select: { id: true, email: true, role: true, createdAt: true, invitedBy: { select: { email: true, name: true } } },
        })
      : Promise.resolve([]),
  ]);
  const members = memberships
    .map((m) => ({ userId: m.user.id, email: m.user.email, name: m.user.name, role: m.role, joinedAt: m.createdAt.toISOString() }))
    .sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role]);
  return {
    members,
    invitations: invitations.map((invite) => ({
      id: invite.id,
      email: invite.email,
      role: invite.role,
      invitedBy: invite.invitedBy ? (invite.invitedBy.name ?? invite.invitedBy.email) : null,
      createdAt: invite.createdAt.toISOString(),
    })),
  };
}
