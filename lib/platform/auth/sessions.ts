import { randomBytes } from "node:crypto";
import { db } from "@/lib/platform/db/client";

// Server-side sessions, so the server can end one. next-auth keeps its JWT cookie; the JWT carries the id
// of a row here, and every request checks that row (one primary-key read, joined with the account
// so the address and its verification are always current). Ending the row ends the session in every
// browser and on every instance at once, whatever the cookie says.

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export interface ActiveSession {
  sessionId: string;
  userId: string;
  email: string;
  name: string | null;
  emailVerified: boolean;
}

export async function startSession(userId: string): Promise<string> {
  const id = randomBytes(24).toString("base64url");
  await db.authSession.create({ data: { id, userId, expiresAt: new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000) } });
  return id;
}

/** The session and its account as they are now, or null once it was ended, expired or the account is gone. */
export async function activeSession(sessionId: unknown): Promise<ActiveSession | null> {
  if (typeof sessionId !== "string" || sessionId.length === 0 || sessionId.length > 64) return null;
  const row = await db.authSession.findUnique({
    where: { id: sessionId },
    select: { userId: true, endedAt: true, expiresAt: true, user: { select: { email: true, name: true, emailVerifiedAt: true, ssoWorkspaceId: true } } },
  });
  if (!row || row.endedAt || row.expiresAt <= new Date()) return null;
  // A visitor signed in by a workspace's own accounts lives on that portal only (its own
  // session, lib/domain/sso): such a row is never an app session, however one came to exist.
  if (row.user.ssoWorkspaceId !== null) return null;
  return { sessionId, userId: row.userId, email: row.user.email, name: row.user.name, emailVerified: row.user.emailVerifiedAt !== null };
}

/** Sign-out: this session only. */
export async function endSession(sessionId: unknown): Promise<void> {
  if (typeof sessionId !== "string" || !sessionId) return;
  await db.authSession.updateMany({ where: { id: sessionId, endedAt: null }, data: { endedAt: new Date() } });
}

/**
 * "Sign out everywhere", and what a password change or a taken-over account needs: every session
 * of the account ends, except `keep` (the browser that asked, when it should stay signed in).
 * Returns how many were ended.
 */
export async function endAllSessions(userId: string, options: { keep?: string } = {}): Promise<number> {
  const { count } = await db.authSession.updateMany({
    where: { userId, endedAt: null, ...(options.keep ? { id: { not: options.keep } } : {}) },
    data: { endedAt: new Date() },
  });
  return count;
}
