import { db } from "@/lib/platform/db/client";
import type { SubscriptionTopic } from "@/lib/generated/prisma/enums";
import { confirmationLive } from "./rules";
import { manageTokenFor, tokenHashOf } from "./tokens";

export type ConfirmOutcome =
  | { status: "confirmed"; topic: SubscriptionTopic; manageToken: string }
  | { status: "expired"; topic: SubscriptionTopic }
  | { status: "invalid" };

/**
 * The link from a confirmation mail. It works once: confirming clears the stored hash, so the same
 * link replayed finds nothing and changes nothing. A link past its window confirms nothing.
 */
export async function confirmSubscription(workspaceId: string, token: unknown, now = new Date()): Promise<ConfirmOutcome> {
  const hash = tokenHashOf(token);
  if (!hash) return { status: "invalid" };
  const row = await db.subscriber.findFirst({ where: { workspaceId, confirmTokenHash: hash } });
  if (!row || row.confirmedAt) return { status: "invalid" };
  if (!confirmationLive(row.confirmSentAt, now)) return { status: "expired", topic: row.topic };
  // Conditional on the hash still being there: two clicks at once confirm once.
  const { count } = await db.subscriber.updateMany({ where: { id: row.id, confirmTokenHash: hash }, data: { confirmedAt: now, confirmTokenHash: null } });
  if (count === 0) return { status: "invalid" };
  return { status: "confirmed", topic: row.topic, manageToken: manageTokenFor(row.id) };
}
