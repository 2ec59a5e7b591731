import { NextResponse } from "next/server";
import { startSsoSignIn, portalReturnPath } from "@/lib/domain/sso/start-sso-sign-in";
import { ssoRoundTripLimiter } from "@/lib/domain/sso/sso-limits";
import { getPortalSsoMode } from "@/lib/domain/sso/portal-sso-mode";
import { findPublishedWorkspace } from "@/lib/domain/workspaces/find-published-workspace";
import { clientIp } from "@/lib/platform/server/client-ip";
import { signInHref } from "@/components/portal/format";

// The portal's "Sign in" on a workspace that signs its visitors in through its own app: off to
// that app with a fresh state. Without SSO, the portal's own sign-in, as before.
type Context = { params: Promise<{ workspace: string }> };

export async function GET(request: Request, { params }: Context) {
  const workspace = await findPublishedWorkspace((await params).workspace);
  if (!workspace) return new NextResponse("Not found", { status: 404 });
  const url = new URL(request.url);
  const from = portalReturnPath(workspace.slug, url.searchParams.get("from"));
  const back = (location: string) => NextResponse.redirect(new URL(location, url), { status: 303, headers: { "Cache-Control": "no-store" } });
  if (!(await getPortalSsoMode(workspace.id)).enabled) return back(signInHref(from));
  const verdict = await ssoRoundTripLimiter().limit(`start:${clientIp(request.headers)}`);
  if (!verdict.success) return back(`/p/${workspace.slug}/sso/failed?reason=rate_limited`);
  const { redirectTo } = await startSsoSignIn(workspace, from);
  return NextResponse.redirect(redirectTo, { status: 303, headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}
