import { NextResponse } from "next/server";
import { completeSsoSignIn } from "@/lib/domain/sso/complete-sso-sign-in";
import { ssoRoundTripLimiter } from "@/lib/domain/sso/sso-limits";
import { SSO_SESSION_MAX_AGE_SECONDS } from "@/lib/domain/sso/sso-sessions";
import { findPublishedWorkspace } from "@/lib/domain/workspaces/find-published-workspace";
import { clientIp } from "@/lib/platform/server/client-ip";
import { log } from "@/lib/platform/log/logger";
import { ssoSessionCookie } from "@/lib/surfaces/auth/portal-visitor";

// Where the customer's app sends the visitor back: `state` and `token` in the query (a redirect)
// or in a posted form. Signed in to this workspace's portal and back on their page, or shown why not.
type Context = { params: Promise<{ workspace: string }> };

async function handle(request: Request, slug: string, fields: { state: unknown; token: unknown }) {
  const url = new URL(request.url);
  const workspace = await findPublishedWorkspace(slug);
  if (!workspace) return new NextResponse("Not found", { status: 404 });
  const failed = (reason: string) =>
    NextResponse.redirect(new URL(`/p/${workspace.slug}/sso/failed?reason=${encodeURIComponent(reason)}`, url), { status: 303, headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
  const verdict = await ssoRoundTripLimiter().limit(`callback:${clientIp(request.headers)}`);
  if (!verdict.success) return failed("rate_limited");
  const result = await completeSsoSignIn(workspace.id, fields.state, fields.token);
  if (!result.ok) {
    // The customer's developer reads this to see which rule their token broke.
    log.warn({ workspace: workspace.slug, reason: result.reason }, "SSO sign-in refused");
    return failed(result.reason);
  }
  const response = NextResponse.redirect(new URL(result.returnPath, url), { status: 303, headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
  response.cookies.set(ssoSessionCookie(workspace.slug, result.sessionToken, SSO_SESSION_MAX_AGE_SECONDS));
  return response;
}

export async function GET(request: Request, { params }: Context) {
  const query = new URL(request.url).searchParams;
  return handle(request, (await params).workspace, { state: query.get("state"), token: query.get("token") ?? query.get("jwt") });
}

export async function POST(request: Request, { params }: Context) {
  const slug = (await params).workspace;
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) return new NextResponse("Send the state and token as a form.", { status: 415 });
  const text = await request.text();
  if (text.length > 32_768) return new NextResponse("Too large.", { status: 413 });
  const form = new URLSearchParams(text);
  return handle(request, slug, { state: form.get("state"), token: form.get("token") ?? form.get("jwt") });
}
