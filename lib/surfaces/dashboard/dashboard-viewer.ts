import { DatabaseUnavailableError } from "@/lib/platform/db/client";
import { isDatabaseUnavailable } from "@/lib/platform/db/errors";
import { newRequestId } from "@/lib/platform/http/responses";
import { isOperator } from "@/lib/domain/plans/operators";
import { listUserWorkspaces } from "@/lib/domain/workspaces/list-user-workspaces";
import { sessionOfCookieHeader } from "@/lib/surfaces/auth/session-of-cookies";
import type { DashboardViewer } from "@/lib/domain/users/dashboard-viewer-view";

// The part of a dashboard page that belongs to the person looking: their address in the account
// menu, their workspaces in the switcher, the operator's link. A page rendered once for every
// member of a role (lib/surfaces/front-door/dashboard-page-cache.ts) carries none of it; its
// script asks here (GET /account/viewer), and the front door answers without Next.js. Never
// stored anywhere: it is one person's.

export const DASHBOARD_VIEWER_PATH = "/account/viewer";

export interface DashboardViewerAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function answer(status: number, body: unknown, extra: Record<string, string> = {}): DashboardViewerAnswer {
  const headers = { "content-type": "application/json; charset=utf-8", "cache-control": "private, no-store", vary: "Cookie", "x-request-id": newRequestId(), ...extra };
  return { status, headers, body: JSON.stringify(body) };
}

function refusal(status: number, code: string, message: string, extra?: Record<string, string>): DashboardViewerAnswer {
  return answer(status, { success: false, error: message, code }, extra);
}

/** The answer to GET /account/viewer from a request with this Cookie header. */
export async function answerDashboardViewer(cookieHeader: string): Promise<DashboardViewerAnswer> {
  try {
    const session = await sessionOfCookieHeader(cookieHeader);
    if (!session) return refusal(401, "UNAUTHORIZED", "Not signed in, or the session has ended.");
    const workspaces = await listUserWorkspaces(session.userId);
    const body: DashboardViewer = {
      email: session.email,
      operator: isOperator(session),
      workspaces: workspaces.map(({ slug, name, role }) => ({ slug, name, role })),
    };
    return answer(200, body);
  } catch (error) {
    if (error instanceof DatabaseUnavailableError || isDatabaseUnavailable(error)) {
      return refusal(503, "SERVICE_UNAVAILABLE", "The service is briefly unavailable; retry in a moment.", { "retry-after": "5" });
    }
    throw error;
  }
}
