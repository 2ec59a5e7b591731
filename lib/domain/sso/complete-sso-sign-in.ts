import { db } from "@/lib/platform/db/client";
import { signInSsoUser } from "./sign-in-sso-user";
import { startSsoSession } from "./sso-sessions";
import { hashOpaqueToken, isOpaqueTokenShape } from "./opaque-token";
import { verifySsoToken, type SsoRefusal } from "./verify-sso-token";

export type SsoCallbackRefusal = "state_missing" | "state_unknown" | "state_used" | "state_expired" | "state_wrong_workspace" | SsoRefusal;

export type SsoCallbackResult = { ok: true; sessionToken: string; returnPath: string } | { ok: false; reason: SsoCallbackRefusal; returnPath: string | null };

/**
 * The customer's app sent the visitor back with the state and a token. The state is used up first
 * (whatever follows, a state works once), then the token is verified for this workspace; only then
 * is the visitor made or updated and given a portal session.
 */
export async function completeSsoSignIn(workspaceId: string, state: unknown, token: unknown, now = new Date()): Promise<SsoCallbackResult> {
  if (typeof state !== "string" || state === "") return { ok: false, reason: "state_missing", returnPath: null };
  if (!isOpaqueTokenShape(state)) return { ok: false, reason: "state_unknown", returnPath: null };
  const hash = hashOpaqueToken(state);
  const row = await db.ssoState.findUnique({ where: { hash }, select: { workspaceId: true, returnPath: true, expiresAt: true } });
  if (!row) return { ok: false, reason: "state_unknown", returnPath: null };
  if (row.workspaceId !== workspaceId) return { ok: false, reason: "state_wrong_workspace", returnPath: null };
  // The one conditional write decides between two callbacks racing with one state.
  const used = await db.ssoState.updateMany({ where: { hash, workspaceId, usedAt: null }, data: { usedAt: now } });
  if (used.count === 0) return { ok: false, reason: "state_used", returnPath: row.returnPath };
  if (row.expiresAt <= now) return { ok: false, reason: "state_expired", returnPath: row.returnPath };
  if (typeof token !== "string") return { ok: false, reason: "malformed", returnPath: row.returnPath };
  const verified = await verifySsoToken(workspaceId, token, now);
  if (!verified.ok) return { ok: false, reason: verified.reason, returnPath: row.returnPath };
  const { userId } = await signInSsoUser(workspaceId, verified.claims);
  return { ok: true, sessionToken: await startSsoSession(userId, workspaceId), returnPath: row.returnPath };
}
