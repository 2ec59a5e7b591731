import { NextResponse } from "next/server";
import { preferenceChangeAllowed, unsubscribePostUpdates } from "@/lib/domain/notifications/unsubscribe-post-updates";
import { clientIp } from "@/lib/platform/server/client-ip";
import { absoluteUrl } from "@/lib/platform/config/site-url";

// The one-click unsubscribe of the List-Unsubscribe-Post header (RFC 8058): the mail provider
// POSTs here, with no session and no confirmation. Only POST changes anything: a GET is what link
// scanners do, and it gets the page at /unsubscribe/{token} instead.
const noStore = { "Cache-Control": "no-store" };

export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }) {
  if (!(await preferenceChangeAllowed(`ip:${clientIp(request.headers)}`))) {
    return NextResponse.json({ code: "RATE_LIMITED", message: "Too many unsubscribe requests. Try again in a minute." }, { status: 429, headers: { ...noStore, "Retry-After": "60" } });
  }
  const { token } = await params;
  const target = await unsubscribePostUpdates(token);
  if (!target) {
    return NextResponse.json({ code: "VALIDATION_ERROR", message: "This unsubscribe link is not valid." }, { status: 400, headers: noStore });
  }
  return NextResponse.json({ unsubscribed: true }, { headers: noStore });
}

export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return NextResponse.redirect(absoluteUrl(`/unsubscribe/${encodeURIComponent(token)}`), { status: 303, headers: noStore });
}
