import { NextResponse } from "next/server";
import { absoluteUrl } from "@/lib/site-url";
import { verifyEmail } from "@/lib/users/verify-email";

// The link in the verification mail. A GET that changes state on purpose: it is what mail links
// are, and a scanner opening it first only verifies an address that did receive the link. The
// token leaves the address bar at once; the workspace list says what happened. The Location names the
// public URL: behind a proxy the request's own URL is the address the server listens on.
export async function GET(request: Request) {
  const token = new URL(request.url).searchParams.get("token");
  const outcome = await verifyEmail(token);
  const target = absoluteUrl(`/workspaces?email=${outcome}`);
  return NextResponse.redirect(target, { status: 303, headers: { "Cache-Control": "no-store" } });
}
