import { DomainError } from "@/lib/platform/core/errors";
import type { ScopedDb } from "@/lib/platform/db/scoped";
import { memberView } from "./view";

/** One member of this workspace by user id; anyone else (another workspace's member too) is not found. */
export async function getMember(db: ScopedDb, userId: string) {
  const membership = await db.membership.findFirst({
    where: { userId },
    select: { role: true, createdAt: true, user: { select: { id: true, email: true, name: true } } },
  });
  if (!membership) throw new DomainError("NOT_FOUND", "No such member in this workspace.");
  return memberView(membership);
}
