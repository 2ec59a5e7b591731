import { DomainError } from "@/lib/platform/core/errors";
import { db } from "@/lib/platform/db/client";
import { newOpaqueToken } from "./opaque-token";

export const SSO_STATE_TTL_MS = 10 * 60 * 1000;

/**
 * The portal's "Sign in" on an SSO workspace: a single-use `state`, valid ten minutes, stored
 * (hashed) with the page the visitor came from, and the customer's sign-in address with it. The
 * customer's app only ever sees the opaque state, never where the visitor will land.
 */
export async function startSsoSignIn(workspace: { id: string; slug: string }, fromPath: string, now = new Date()): Promise<{ redirectTo: string }> {
  const settings = await db.ssoSettings.findUnique({ where: { workspaceId: workspace.id }, select: { enabled: true, signInUrl: true } });
  if (!settings?.enabled || !settings.signInUrl) throw new DomainError("NOT_FOUND", "This portal does not sign in through another app.");
  const state = newOpaqueToken();
  await db.ssoState.create({
    data: { hash: state.hash, workspaceId: workspace.id, returnPath: portalReturnPath(workspace.slug, fromPath), expiresAt: new Date(now.getTime() + SSO_STATE_TTL_MS) },
  });
  // Prune the round trips nobody finished (a few per sign-in, by index).
  await db.$executeRaw`DELETE FROM "SsoState" WHERE ctid IN (SELECT ctid FROM "SsoState" WHERE "expiresAt" < ${now} LIMIT 50)`;
  const target = new URL(settings.signInUrl);
  target.searchParams.set("state", state.value);
  return { redirectTo: target.toString() };
}

/** A page of this portal (path and query), else the portal's home: the state can lead nowhere else. */
export function portalReturnPath(slug: string, fromPath: unknown): string {
  const home = `/p/${slug}`;
  if (typeof fromPath !== "string" || fromPath.length > 1000 || fromPath.startsWith("//") || /[\\\u0000-\u001f]/.test(fromPath)) return home;
  let parsed: URL;
  try {
    parsed = new URL(fromPath, "http://portal.invalid");
  } catch {
    return home;
  }
  if (parsed.origin !== "http://portal.invalid") return home;
  if (parsed.pathname !== home && !parsed.pathname.startsWith(`${home}/`)) return home;
  return `${parsed.pathname}${parsed.search}`;
}
