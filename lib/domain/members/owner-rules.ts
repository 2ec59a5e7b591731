import { DomainError } from "@/lib/platform/core/errors";
import { WORKSPACE_GONE, type ScopedTx } from "@/lib/platform/db/scoped";
import type { Role } from "@/lib/generated/prisma/enums";
import { roleAtLeast } from "@/lib/domain/access/roles";

// Shared by change-member-role and remove-member. Both run inside the workspace lock
// (actor.db.$transactionLocked), so the reads below see every earlier change to this workspace's
// members and no later one can slip in between the check and the write.

export const LAST_OWNER_MESSAGE = "A workspace needs at least one owner. Make someone else an owner first.";

/** The actor's role as it is now, under the lock: a role read before the lock may be stale. */
export async function lockedActorRole(tx: ScopedTx, userId: string, action: string): Promise<Role> {
  const membership = await tx.membership.findFirst({ where: { userId }, select: { role: true } });
  if (!membership) throw new DomainError("NOT_FOUND", WORKSPACE_GONE);
  if (!roleAtLeast(membership.role, "ADMIN")) throw new DomainError("FORBIDDEN", `Only admins and owners can ${action}.`);
  return membership.role;
}

export async function lockedTarget(tx: ScopedTx, userId: string) {
  const target = await tx.membership.findFirst({ where: { userId }, select: { id: true, role: true } });
  if (!target) throw new DomainError("NOT_FOUND", "This person is not a member of the workspace (any more).");
  return target;
}

/** Refuses a change that would leave the workspace without an owner. */
export async function assertAnotherOwner(tx: ScopedTx): Promise<void> {
  const owners = await tx.membership.count({ where: { role: "OWNER" } });
  if (owners <= 1) throw new DomainError("CONFLICT", LAST_OWNER_MESSAGE);
}
