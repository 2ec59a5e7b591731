import { NextResponse } from "next/server";
import { safePortalPath } from "@/lib/platform/auth/safe-callback";
import { sessionUserIdOf } from "@/lib/surfaces/auth/session";
import { absoluteUrl } from "@/lib/platform/config/site-url";
import { verifyEmail } from "@/lib/domain/users/verify-email";

// The link in the verification mail. A GET that changes state on purpose: it is what mail links
// are, and a scanner opening it first changes nothing (it is not signed in to the account). The
// link counts only for the account signed in here; anyone else is sent to sign in and back here.
// The token leaves the address bar at once. The Location names the public URL: behind a proxy the
// request's own URL is the address the server listens on.
export async function GET(request: Request) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const outcome = await verifyEmail(params.get("token"), await sessionUserIdOf(request));
  const headers = { "Cache-Control": "no-store" };
  if (outcome === "sign-in") {
    const back = `/verify-email?${params.toString()}`;
    return NextResponse.redirect(absoluteUrl(`/sign-in?verify=sign-in&callbackUrl=${encodeURIComponent(back)}`), { status: 303, headers });
  }
  // A visitor who signed up from a portal goes back to its page (in its language), which says
  // what happened; everyone else to the workspace list, which says it too.
  const target = absoluteUrl(`${safePortalPath(params.get("next")) ?? "/workspaces"}?email=${outcome}`);
  return NextResponse.redirect(target, { status: 303, headers });
}
