import { NextResponse } from "next/server";
import { safePortalPath } from "@/lib/platform/auth/safe-callback";
import { absoluteUrl } from "@/lib/platform/config/site-url";
import { verifyEmail } from "@/lib/domain/users/verify-email";

// The link in the verification mail. A GET that changes state on purpose: it is what mail links
// are, and a scanner opening it first only verifies an address that did receive the link. The
// token leaves the address bar at once. The Location names the
// public URL: behind a proxy the request's own URL is the address the server listens on.
export async function GET(request: Request) {
  const params = new URL(request.url).searchParams;
  const outcome = await verifyEmail(params.get("token"));
  // A visitor who signed up from a portal goes back to its page (in its language), which says
  // what happened; everyone else to the workspace list, which says it too.
  const target = absoluteUrl(`${safePortalPath(params.get("next")) ?? "/workspaces"}?email=${outcome}`);
  return NextResponse.redirect(target, { status: 303, headers: { "Cache-Control": "no-store" } });
}
