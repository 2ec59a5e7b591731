import { db } from "@/lib/platform/db/client";
import { tokenHashOf } from "./tokens";
import { validComponentIds } from "./valid-components";

/** The confirmed subscription a manage link names, or null (ended, unconfirmed, or not a link of ours). */
export async function getSubscriptionByToken(workspaceId: string, token: unknown) {
  const hash = tokenHashOf(token);
  if (!hash) return null;
  const row = await db.subscriber.findFirst({
    where: { workspaceId, manageTokenHash: hash, confirmedAt: { not: null } },
    select: { id: true, topic: true, email: true, componentIds: true, confirmedAt: true },
  });
  return row;
}

/** Chooses the components a status subscriber hears about; an empty choice means all. */
export async function updateSubscriptionComponents(workspaceId: string, token: unknown, componentIds: unknown): Promise<boolean> {
  const row = await getSubscriptionByToken(workspaceId, token);
  if (!row || row.topic !== "STATUS") return false;
  const ids = await validComponentIds(workspaceId, componentIds);
  await db.subscriber.update({ where: { id: row.id }, data: { componentIds: ids } });
  return true;
}
