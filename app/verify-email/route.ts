import { NextResponse } from "next/server";
import { verifyEmail } from "@/lib/users/verify-email";

// The link in the verification mail. A GET that changes state on purpose: it is what mail links
// are, and a scanner opening it first only verifies an address that did receive the link. The
// token leaves the address bar at once; the workspace list says what happened.
export async function GET(request: Request) {
  const token = new URL(request.url).searchParams.get("token");
  const outcome = await verifyEmail(token);
  const target = new URL(`/workspaces?email=${outcome}`, request.url);
  return NextResponse.redirect(target, { status: 303, headers: { "Cache-Control": "no-store" } });
}
