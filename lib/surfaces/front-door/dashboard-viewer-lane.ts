import type { IncomingMessage, ServerResponse } from "node:http";
import { answerDashboardViewer, DASHBOARD_VIEWER_PATH } from "@/lib/surfaces/dashboard/dashboard-viewer";

// A shared dashboard page's ask for its viewer's own parts (lib/surfaces/dashboard/dashboard-viewer.ts),
// answered here rather than through Next.js: it comes with every load of such a page, and its own
// work is a session check and one read.

export function isDashboardViewerAsk(request: IncomingMessage): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const url = request.url ?? "";
  return url === DASHBOARD_VIEWER_PATH || url.startsWith(`${DASHBOARD_VIEWER_PATH}?`);
}

export async function serveDashboardViewer(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const cookie = request.headers.cookie;
  const answer = await answerDashboardViewer(Array.isArray(cookie) ? cookie.join("; ") : (cookie ?? ""));
  for (const [name, value] of Object.entries(answer.headers)) response.setHeader(name, value);
  response.statusCode = answer.status;
  response.end(request.method === "HEAD" ? undefined : answer.body);
}
