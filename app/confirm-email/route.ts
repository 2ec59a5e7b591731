import { NextResponse } from "next/server";
import { absoluteUrl } from "@/lib/platform/config/site-url";
import { confirmEmailChange } from "@/lib/domain/users/confirm-email-change";

// The link mailed to a new address. Like /verify-email, a GET that changes state on purpose (it is
// what mail links are): the token leaves the address bar at once, and the account page says what
// happened (signing in first if this browser is not). Redirected on the public URL, as /verify-email.
export async function GET(request: Request) {
  const token = new URL(request.url).searchParams.get("token");
  const outcome = await confirmEmailChange(token);
  return NextResponse.redirect(absoluteUrl(`/account?email=${outcome}`), { status: 303, headers: { "Cache-Control": "no-store" } });
}
