import type { Role } from "@/lib/generated/prisma/enums";
import { canManageWorkspace } from "@/lib/domain/access/roles";
import type { WorkspaceActor } from "@/lib/domain/access/actor";

export interface MemberView {
  userId: string;
  email: string;
  name: string | null;
  role: Role;
  joinedAt: string;
  /** Keys this member created that still work; removing the member revokes them. Admins only. */
  activeKeys: { id: string; name: string; hint: string }[];
}

export interface InvitationView {
  id: string;
  email: string;
  role: Role;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
  /** Its links no longer work; resending makes a new one. */
  expired: boolean;
}

const ROLE_ORDER: Record<Role, number> = { OWNER: 0, ADMIN: 1, MEMBER: 2, VIEWER: 3 };

/**
 * Everyone in the workspace, owners first. Every member may see who else is in it; pending
 * invitations (addresses of people who have not joined) are shown only to those who manage members.
 */
export async function listMembers(actor: WorkspaceActor): Promise<{ members: MemberView[]; invitations: InvitationView[] }> {
  const manager = canManageWorkspace(actor.role);
  const now = new Date();
  const [memberships, invitations, keys] = await Promise.all([
    actor.db.membership.findMany({
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { role: true, createdAt: true, user: { select: { id: true, email: true, name: true } } },
    }),
    manager
      ? actor.db.invitation.findMany({
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
          select: { id: true, email: true, role: true, createdAt: true, expiresAt: true, invitedBy: { select: { email: true, name: true } } },
        })
      : Promise.resolve([]),
    manager
      ? actor.db.apiKey.findMany({
          where: { revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
          select: { id: true, name: true, hint: true, createdById: true },
        })
      : Promise.resolve([]),
  ]);
  const keysOf = (userId: string) => keys.filter((key) => key.createdById === userId).map(({ id, name, hint }) => ({ id, name, hint }));
  const members = memberships
    .map((m) => ({
      userId: m.user.id,
      email: m.user.email,
      name: m.user.name,
      role: m.role,
      joinedAt: m.createdAt.toISOString(),
      activeKeys: keysOf(m.user.id),
    }))
    .sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role]);
  return {
    members,
    invitations: invitations.map((invite) => ({
      id: invite.id,
      email: invite.email,
      role: invite.role,
      invitedBy: invite.invitedBy ? (invite.invitedBy.name ?? invite.invitedBy.email) : null,
      createdAt: invite.createdAt.toISOString(),
      expiresAt: invite.expiresAt.toISOString(),
      expired: invite.expiresAt <= now,
    })),
  };
}
