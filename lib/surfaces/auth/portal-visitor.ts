import { cookies } from "next/headers";
import { cache } from "react";
import { ssoVisitorOf } from "@/lib/domain/sso/sso-sessions";
import { appBaseUrl } from "@/lib/platform/mail/config";
import { SSO_SESSION_COOKIE } from "@/lib/platform/cache/portal-cache-headers.mjs";
import { refuseApiKeyInAction } from "./guard-action";
import { getSessionUser } from "./session";
import { getPortalSsoMode } from "@/lib/domain/sso/portal-sso-mode";
import { loadPortal } from "@/lib/surfaces/portal/load-portal";
import { portalSignInHref } from "@/lib/surfaces/portal/sign-in-href";

/** Whoever acts on a portal: an account, or an SSO visitor of this workspace (docs/architecture.md, "Visitor identity"). */
export interface PortalVisitor {
  id: string;
  name: string | null;
  /** For an SSO visitor, the address its token claimed (shown to them only), if any. */
  email: string | null;
  avatarUrl: string | null;
  sso: boolean;
}

/**
 * The visitor of this workspace's portal. An SSO session, when this browser has one for this
 * workspace, comes first: it was made on this portal on purpose, and its cookie goes to no other
 * path. Otherwise the app's session, as anywhere. Once per render.
 */
export const getPortalVisitor = cache(async (workspaceId: string): Promise<PortalVisitor | null> => {
  const ssoCookie = (await cookies()).get(SSO_SESSION_COOKIE)?.value;
  const sso = ssoCookie ? await ssoVisitorOf(workspaceId, ssoCookie) : null;
  if (sso) return { ...sso, sso: true };
  const user = await getSessionUser();
  return user ? { id: user.id, name: user.name, email: user.email, avatarUrl: null, sso: false } : null;
});

/** First line of a portal action: no API key, then the visitor read afresh. */
export async function guardPortalAction(workspaceId: string): Promise<PortalVisitor | null> {
  await refuseApiKeyInAction();
  return getPortalVisitor(workspaceId);
}

/** The SSO session cookie: this portal's path only, never readable by scripts. */
export function ssoSessionCookie(slug: string, value: string, maxAgeSeconds: number) {
  return {
    name: SSO_SESSION_COOKIE,
    value,
    path: `/p/${slug}`,
    httpOnly: true,
    sameSite: "lax" as const,
    // Like the app's own session cookie: Secure whenever the site is served over https.
    secure: appBaseUrl().startsWith("https:"),
    maxAge: maxAgeSeconds,
  };
}

/** The visitor of the portal at `slug` (its workspace loaded once per render by loadPortal). */
export async function portalVisitorOf(slug: string): Promise<PortalVisitor | null> {
  return getPortalVisitor((await loadPortal(slug)).workspace.id);
}

/** This portal's "Sign in" address maker: through the workspace's own app when SSO is on. */
export const portalSignIn = cache(async (slug: string): Promise<(returnTo: string) => string> => {
  const { workspace } = await loadPortal(slug);
  const { enabled } = await getPortalSsoMode(workspace.id);
  return (returnTo) => portalSignInHref(workspace.slug, enabled, returnTo);
});
