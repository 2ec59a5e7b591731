import crypto from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { secret } from "@/lib/platform/config/env";

// The widget's frame runs on this product's origin inside someone else's page, where browsers
// increasingly refuse it cookies (third-party cookies blocked, or partitioned). So its visitor is
// named by a short-lived credential the frame keeps in memory and sends in a header: signed here
// (HS256, a key derived from the session secret, so no new secret to configure), bound to one
// workspace and one account, and worth nothing anywhere else — not a session, never a cookie.
export const WIDGET_CREDENTIAL_HEADER = "x-widget-credential";
export const WIDGET_CREDENTIAL_TTL_SECONDS = 60 * 60;
const AUDIENCE = "workspace-widget";
const ISSUER = "workspace";

function key(): Uint8Array {
  return new Uint8Array(crypto.createHmac("sha256", secret("NEXTAUTH_SECRET")).update("widget-credential/v1").digest());
}

export interface WidgetIdentity {
  workspaceId: string;
  userId: string;
  /** How the visitor proved who they are: the customer's signed token, or a portal sign-in. */
  via: "sso" | "portal";
}

/** A credential for `identity`, and when it stops working (the frame asks again before then). */
export async function issueWidgetCredential(identity: WidgetIdentity, now = new Date()): Promise<{ token: string; expiresAt: string }> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const token = await new SignJWT({ ws: identity.workspaceId, via: identity.via })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(identity.userId)
    .setAudience(AUDIENCE)
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + WIDGET_CREDENTIAL_TTL_SECONDS)
    .sign(key());
  return { token, expiresAt: new Date((issuedAt + WIDGET_CREDENTIAL_TTL_SECONDS) * 1000).toISOString() };
}

/**
 * The identity a credential names, if it is ours, unexpired and for this workspace; null
 * otherwise (the caller answers as for a visitor who is not signed in).
 */
export async function readWidgetCredential(token: string | null | undefined, workspaceId: string, now = new Date()): Promise<WidgetIdentity | null> {
  if (!token || token.length > 2_000) return null;
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: ["HS256"], audience: AUDIENCE, issuer: ISSUER, currentDate: now });
    if (payload.ws !== workspaceId || typeof payload.sub !== "string" || !payload.sub) return null;
    return { workspaceId, userId: payload.sub, via: payload.via === "sso" ? "sso" : "portal" };
  } catch {
    return null;
  }
}
