import { carriesApiKey } from "@/lib/platform/auth/carries-api-key";
import { clientIp } from "@/lib/platform/server/client-ip";
import { answerViewer } from "@/lib/surfaces/auth/portal-viewer";

// Who is looking at a portal page (lib/surfaces/auth/portal-viewer.ts). The production server's
// front door answers /p/{workspace}/viewer itself; this route answers it when Next does (an address
// with a language segment, which the proxy rewrites here).
type Context = { params: Promise<{ workspace: string }> };

export async function GET(request: Request, { params }: Context) {
  const url = new URL(request.url);
  const answer = await answerViewer({ slug: (await params).workspace, search: url.search, cookieHeader: request.headers.get("cookie") ?? "", carriesApiKey: carriesApiKey(request.headers), ip: clientIp(request.headers) });
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}
