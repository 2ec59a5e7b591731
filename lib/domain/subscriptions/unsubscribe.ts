import { db } from "@/lib/platform/db/client";
import { tokenHashOf } from "./tokens";

/**
 * Ends a subscription from its manage link (the page's button, or a mail client's one-click POST).
 * The row is deleted, so the link dies with it; a second call finds nothing and is no error.
 * Returns whether a subscription ended now.
 */
export async function unsubscribe(workspaceId: string, token: unknown): Promise<boolean> {
  const hash = tokenHashOf(token);
  if (!hash) return false;
  const { count } = await db.subscriber.deleteMany({ where: { workspaceId, manageTokenHash: hash } });
  return count > 0;
}

/**
 * The same from a mail's one-click link, which names the workspace by its slug: published or not,
 * since leaving must never depend on the portal. An unknown slug or token ends nothing.
 */
export async function unsubscribeFromLink(slug: string, token: unknown): Promise<boolean> {
  if (slug.length === 0 || slug.length > 64) return false;
  const workspace = await db.workspace.findUnique({ where: { slug }, select: { id: true } });
  return workspace ? unsubscribe(workspace.id, token) : false;
}
