import { getToken } from "next-auth/jwt";
import { activeSession } from "@/lib/platform/auth/sessions";
import { decodeSessionToken } from "@/lib/platform/auth/session-token";
import { SSO_SESSION_COOKIE } from "@/lib/platform/cache/portal-cache-headers.mjs";
import { ssoVisitorOf } from "@/lib/domain/sso/sso-sessions";
import type { PortalVisitor } from "./portal-visitor";

/**
 * The visitor of a workspace's portal from a request's cookies alone, with no Next.js request
 * scope: the same rules as getPortalVisitor (an SSO session of this workspace first, else the
 * app's session, its server-side row checked as on every request), without next-auth's session
 * round (which also re-issues the cookie). Null when signed out or the session has ended; throws
 * when the database cannot say.
 */
export async function portalVisitorOfCookies(workspaceId: string, cookies: Record<string, string>): Promise<PortalVisitor | null> {
  const ssoCookie = cookies[SSO_SESSION_COOKIE];
  const sso = ssoCookie ? await ssoVisitorOf(workspaceId, ssoCookie) : null;
  if (sso) return { ...sso, sso: true };
  // Decodes the session cookie (whole or chunked) under the name next-auth gives it on this site.
  const token = await getToken({ req: { cookies, headers: {} } as never, secret: process.env.NEXTAUTH_SECRET, decode: decodeSessionToken });
  if (!token?.sub || typeof token.sid !== "string") return null;
  const current = await activeSession(token.sid);
  if (!current || current.userId !== token.sub) return null;
  return { id: current.userId, name: current.name, email: current.email, avatarUrl: null, sso: false };
}
