import { db } from "@/lib/platform/db/client";
import type { Role } from "@/lib/generated/prisma/enums";
import { findEmailToken, type TokenFailure } from "@/lib/platform/tokens/email-token";

export interface InvitationDetails {
  id: string;
  email: string;
  role: Role;
  expiresAt: string;
  expired: boolean;
  workspace: { name: string; slug: string };
  invitedBy: string | null;
}

const SELECT = {
  id: true,
  email: true,
  role: true,
  expiresAt: true,
  workspace: { select: { name: true, slug: true } },
  invitedBy: { select: { name: true, email: true } },
} as const;

type Row = { id: string; email: string; role: Role; expiresAt: Date; workspace: { name: string; slug: string }; invitedBy: { name: string | null; email: string } | null };

function details(row: Row, now = new Date()): InvitationDetails {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt <= now,
    workspace: row.workspace,
    invitedBy: row.invitedBy ? (row.invitedBy.name ?? row.invitedBy.email) : null,
  };
}

/**
 * What an invitation link is for, without using it. A link of an invitation that was accepted,
 * declined or revoked is gone with it ("invalid"); an expired link of a live invitation says
 * "expired" and names the workspace, so the invitee knows whom to ask.
 */
export async function findInvitationByToken(raw: unknown): Promise<{ ok: true; invitation: InvitationDetails } | { ok: false; reason: TokenFailure; invitation?: InvitationDetails }> {
  const found = await findEmailToken("INVITATION", raw);
  const invitationId = found.token?.invitationId;
  const row = invitationId ? await db.invitation.findUnique({ where: { id: invitationId }, select: SELECT }) : null;
  if (!row) return { ok: false, reason: "invalid" };
  if (!found.ok) return { ok: false, reason: found.reason, invitation: details(row) };
  return { ok: true, invitation: details(row) };
}

/** Pending invitations for a proven address, soonest to expire first; none for an unproven one. */
export async function listMyInvitations(userId: string): Promise<InvitationDetails[]> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, emailVerifiedAt: true } });
  if (!user?.emailVerifiedAt) return [];
  const rows = await db.invitation.findMany({
    where: { email: user.email, expiresAt: { gt: new Date() } },
    orderBy: [{ expiresAt: "asc" }, { id: "asc" }],
    select: SELECT,
  });
  return rows.map((row) => details(row));
}
