import { clientIp } from "@/lib/platform/server/client-ip";
import { countPublicRequest } from "@/lib/surfaces/public-api/rate-limit";
import { absoluteUrl } from "@/lib/platform/config/site-url";
import { unsubscribeFromLink } from "@/lib/domain/subscriptions/unsubscribe";

// The List-Unsubscribe link of every subscriber mail. A mail client's one-click POST (RFC 8058,
// body "List-Unsubscribe=One-Click") ends the subscription without a page or a sign-in; a GET (a
// person or a link scanner opening it) changes nothing and shows the manage page instead. It works
// whether or not the portal is still published: leaving must never depend on it.

function target(request: Request) {
  const url = new URL(request.url);
  return { slug: url.searchParams.get("workspace") ?? "", token: url.searchParams.get("token") ?? "" };
}

export async function POST(request: Request): Promise<Response> {
  const headers = new Headers({ "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" });
  const limit = await countPublicRequest(clientIp(request.headers), headers);
  if (!limit.success) return new Response("Too many requests. Try again in a minute.\n", { status: 429, headers });
  const { slug, token } = target(request);
  // Unknown, already used or malformed: the same answer, since the address is off the list either way.
  await unsubscribeFromLink(slug, token);
  return new Response("Unsubscribed. No more mail goes to this address.\n", { status: 200, headers });
}

export async function GET(request: Request): Promise<Response> {
  const { slug, token } = target(request);
  const page = absoluteUrl(`/p/${encodeURIComponent(slug)}/subscriptions/manage?token=${encodeURIComponent(token)}`);
  return new Response(null, { status: 303, headers: { Location: page.toString(), "Cache-Control": "no-store" } });
}
