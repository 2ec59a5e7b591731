import { answerDashboardViewer } from "@/lib/surfaces/dashboard/dashboard-viewer";

// The production server's front door answers this itself (lib/surfaces/front-door/dashboard-viewer-lane.ts);
// this answers the same wherever a request reaches Next directly.
export async function GET(request: Request): Promise<Response> {
  const answer = await answerDashboardViewer(request.headers.get("cookie") ?? "");
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}
