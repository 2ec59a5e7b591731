import { NextResponse } from "next/server";
import { cookies } from "next/headers";
import { endSsoSession } from "@/lib/domain/sso/sso-sessions";
import { portalReturnPath } from "@/lib/domain/sso/start-sso-sign-in";
import { isPossibleSlug } from "@/lib/domain/workspaces/find-published-workspace";
import { SSO_SESSION_COOKIE } from "@/lib/platform/cache/portal-cache-headers.mjs";
import { ssoSessionCookie } from "@/lib/surfaces/auth/portal-visitor";

// An SSO visitor signs out of this portal: the session ends on the server and its cookie goes.
// A form post from this portal only (a cross-site post carries no Lax cookie, and is refused here too).
type Context = { params: Promise<{ workspace: string }> };

export async function POST(request: Request, { params }: Context) {
  const slug = (await params).workspace;
  if (!isPossibleSlug(slug)) return new NextResponse("Not found", { status: 404 });
  const url = new URL(request.url);
  const origin = request.headers.get("origin");
  if (origin && origin !== url.origin) return new NextResponse("Cross-site sign-out refused.", { status: 403 });
  await endSsoSession((await cookies()).get(SSO_SESSION_COOKIE)?.value);
  const form = new URLSearchParams((await request.text()).slice(0, 4096));
  const response = NextResponse.redirect(new URL(portalReturnPath(slug, form.get("from")), url), { status: 303, headers: { "Cache-Control": "no-store" } });
  response.cookies.set(ssoSessionCookie(slug, "", 0));
  return response;
}
