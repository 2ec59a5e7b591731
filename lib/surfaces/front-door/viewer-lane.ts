import type { IncomingMessage, ServerResponse } from "node:http";
import { carriesApiKey } from "@/lib/platform/auth/carries-api-key";
import { CLIENT_IP_HEADER } from "@/lib/platform/server/client-ip";
import { answerViewer, viewerSlugOf } from "@/lib/surfaces/auth/portal-viewer";

// A portal page's ask for its visitor's own state (lib/surfaces/auth/portal-viewer.ts), answered
// here rather than through Next.js: it is asked once per signed-in page view, and Next's proxy and
// route machinery cost more CPU than the answer's own work (a cookie decoded, three primary-key reads).

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(", ") : (value ?? ""));

/** The workspace slug when the request is a viewer ask this lane answers (GET or HEAD), else null. */
export function viewerAsk(request: IncomingMessage): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  try {
    return viewerSlugOf(request.url ?? "");
  } catch {
    return null; // a malformed escape in the slug: Next answers it
  }
}

export async function serveViewer(request: IncomingMessage, response: ServerResponse, slug: string): Promise<void> {
  const url = request.url ?? "";
  const at = url.indexOf("?");
  const headers = new Headers();
  for (const name of ["authorization", "x-api-key"]) if (request.headers[name] !== undefined) headers.set(name, single(request.headers[name]));
  const answer = await answerViewer({ slug, search: at < 0 ? "" : url.slice(at), cookieHeader: single(request.headers.cookie), carriesApiKey: carriesApiKey(headers), ip: single(request.headers[CLIENT_IP_HEADER]) });
  for (const [name, value] of Object.entries(answer.headers)) response.setHeader(name, value);
  response.statusCode = answer.status;
  response.end(request.method === "HEAD" ? undefined : answer.body);
}
