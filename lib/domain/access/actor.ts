import type { MemberAudience } from "@/lib/platform/core/audience";
import { DomainError } from "@/lib/platform/core/errors";
import { db } from "@/lib/platform/db/client";
import { scopedDb, WORKSPACE_GONE, type ScopedDb } from "@/lib/platform/db/scoped";
import type { Role } from "@/lib/generated/prisma/enums";
import { MIN_ROLE_FOR_ACTION, roleAtLeast, type Action } from "@/lib/domain/access/roles";

/**
 * A signed-in user acting in one workspace with their current role; what dashboard domain calls take.
 * It is the member audience of the readers (lib/platform/core/audience.ts) too.
 */
export interface WorkspaceActor extends MemberAudience {
  userId: string;
  workspaceId: string;
  role: Role;
  db: ScopedDb;
}

/** Reads the membership afresh; a non-member gets NOT_FOUND so the workspace's existence is not revealed. */
export async function getWorkspaceActorOrThrow(userId: string, slug: string): Promise<WorkspaceActor> {
  const membership = await db.membership.findFirst({
    where: { userId, workspace: { slug } },
    select: { role: true, workspaceId: true },
  });
  if (!membership) throw new DomainError("NOT_FOUND", WORKSPACE_GONE);
  return { kind: "member", userId, workspaceId: membership.workspaceId, role: membership.role, db: scopedDb(membership.workspaceId) };
}

/** The role check of every domain function: the table in lib/domain/access/roles.ts decides. */
export function authorize(actor: Pick<WorkspaceActor, "role">, action: Action, description: string): void {
  requireRole(actor, MIN_ROLE_FOR_ACTION[action], description);
}

export function requireRole(actor: Pick<WorkspaceActor, "role">, minimum: Role, action: string): void {
  if (!roleAtLeast(actor.role, minimum)) {
    const who = minimum === "OWNER" ? "owners" : minimum === "ADMIN" ? "admins and owners" : `${minimum.toLowerCase()}s and above`;
    throw new DomainError("FORBIDDEN", `Only ${who} can ${action}.`);
  }
}
