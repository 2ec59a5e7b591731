import { db } from "@/lib/platform/db/client";
import { hashOpaqueToken, isOpaqueTokenShape, newOpaqueToken } from "./opaque-token";

export const SSO_SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** An SSO visitor's portal session: the value for the cookie; only its hash is stored. */
export async function startSsoSession(userId: string, workspaceId: string): Promise<string> {
  const token = newOpaqueToken();
  await db.ssoSession.create({ data: { hash: token.hash, userId, workspaceId, expiresAt: new Date(Date.now() + SSO_SESSION_MAX_AGE_SECONDS * 1000) } });
  return token.value;
}

export interface SsoVisitor {
  id: string;
  name: string | null;
  email: string | null;
  avatarUrl: string | null;
}

/** The SSO visitor a session cookie names on this workspace's portal; null anywhere else, once ended, or expired. */
export async function ssoVisitorOf(workspaceId: string, cookieValue: unknown): Promise<SsoVisitor | null> {
  if (!isOpaqueTokenShape(cookieValue)) return null;
  const row = await db.ssoSession.findUnique({
    where: { hash: hashOpaqueToken(cookieValue) },
    select: { workspaceId: true, endedAt: true, expiresAt: true, user: { select: { id: true, name: true, ssoEmail: true, avatarUrl: true, ssoWorkspaceId: true } } },
  });
  if (!row || row.endedAt || row.expiresAt <= new Date()) return null;
  if (row.workspaceId !== workspaceId || row.user.ssoWorkspaceId !== workspaceId) return null;
  return { id: row.user.id, name: row.user.name, email: row.user.ssoEmail, avatarUrl: row.user.avatarUrl };
}

export async function endSsoSession(cookieValue: unknown): Promise<void> {
  if (!isOpaqueTokenShape(cookieValue)) return;
  await db.ssoSession.updateMany({ where: { hash: hashOpaqueToken(cookieValue), endedAt: null }, data: { endedAt: new Date() } });
}
