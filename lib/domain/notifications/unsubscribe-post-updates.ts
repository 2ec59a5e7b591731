import { createRateLimiter } from "@/lib/platform/ratelimit";
import type { RateLimiter } from "@/lib/platform/ratelimit/types";
import { db } from "@/lib/platform/db/client";
import { setPostNotificationLevel } from "./set-post-notification-level";
import { verifyUnsubscribeToken } from "./unsubscribe-token";
import { processSingleton } from "@/lib/platform/core/process-singleton";

export interface UnsubscribeTarget {
  userId: string;
  workspaceId: string;
  workspaceName: string;
  email: string;
  locale: string | null;
  portalDefaultLocale: string;
}

/** Whom a mail's unsubscribe token names; null for a forged, malformed or stale one (person or workspace gone). */
export async function findUnsubscribeTarget(token: string): Promise<UnsubscribeTarget | null> {
  const claim = verifyUnsubscribeToken(token);
  if (!claim) return null;
  const [user, workspace, preference] = await Promise.all([
    db.user.findUnique({ where: { id: claim.userId }, select: { email: true } }),
    db.workspace.findUnique({ where: { id: claim.workspaceId }, select: { name: true, portalDefaultLocale: true } }),
    db.postNotificationPreference.findUnique({ where: { userId_workspaceId: { userId: claim.userId, workspaceId: claim.workspaceId } }, select: { locale: true } }),
  ]);
  if (!user || !workspace) return null;
  return {
    userId: claim.userId,
    workspaceId: claim.workspaceId,
    workspaceName: workspace.name,
    email: user.email,
    locale: preference?.locale ?? null,
    portalDefaultLocale: workspace.portalDefaultLocale,
  };
}

/**
 * Stops mail about posts from one workspace to the person a token names: the one-click header
 * (RFC 8058) and the confirm button of the unsubscribe page. Doing it twice changes nothing.
 * Null when the token is not good.
 */
export async function unsubscribePostUpdates(token: string): Promise<UnsubscribeTarget | null> {
  const target = await findUnsubscribeTarget(token);
  if (!target) return null;
  await setPostNotificationLevel(target.userId, target.workspaceId, { level: "NONE" });
  return target;
}

// Changing the choice (unsubscribing needs no sign-in) is counted per key — the client address for
// the links, the account for the portal's page: generous for people and mail providers' one-click
// requests, a wall for anyone replaying links in bulk.
const held = processSingleton<{ limiter?: { backend: string | undefined; instance: RateLimiter } }>("unsubscribeLimiter", () => ({}));
export async function preferenceChangeAllowed(key: string): Promise<boolean> {
  const backend = process.env.UPSTASH_REDIS_REST_URL;
  if (!held.limiter || held.limiter.backend !== backend) held.limiter = { backend, instance: createRateLimiter({ prefix: "unsubscribe", limit: 60, windowMs: 60_000 }) };
  return (await held.limiter.instance.limit(key)).success;
}
