import type { ScopedTx } from "@/lib/platform/db/scoped";
import { recordEvent } from "@/lib/platform/events/record-event";
import { memberView } from "./view";

/**
 * member.added / member.removed for the membership of `userId`, inside the change's transaction:
 * call it after the membership is created, or before it is deleted (the event carries the member
 * as they were).
 */
export async function recordMemberEvent(
  tx: ScopedTx,
  workspaceId: string,
  userId: string,
  type: "member.added" | "member.removed" | "member.role_changed",
  previous?: object,
) {
  const membership = await tx.membership.findFirst({
    where: { userId },
    select: { role: true, createdAt: true, user: { select: { id: true, email: true, name: true } } },
  });
  if (membership) await recordEvent(tx, { workspaceId, type, data: memberView(membership), previous });
}
