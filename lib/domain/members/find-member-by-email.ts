import { DomainError } from "@/lib/platform/core/errors";
import type { ScopedDb } from "@/lib/platform/db/scoped";
import { memberView } from "./view";

/**
 * The member of this workspace with that address. Users are global, so the lookup starts from the
 * (workspace-fenced) membership: someone who only belongs to other workspaces, or who has a pending
 * invitation but no account yet, is not found here.
 */
export async function findMemberByEmail(db: ScopedDb, email: string) {
  const membership = await db.membership.findFirst({
    where: { user: { email } },
    select: { role: true, createdAt: true, user: { select: { id: true, email: true, name: true } } },
  });
  if (!membership) throw new DomainError("NOT_FOUND", "No member with that email in this workspace.");
  return memberView(membership);
}
