import { API_KEY_SCOPE_MESSAGE } from "@/lib/platform/auth/carries-api-key";
import { idSchema } from "@/lib/platform/core/schemas";
import { portalAudience } from "@/lib/platform/core/audience";
import { DatabaseUnavailableError } from "@/lib/platform/db/client";
import { isDatabaseUnavailable } from "@/lib/platform/db/errors";
import { scopedDb } from "@/lib/platform/db/scoped";
import { PORTAL_CACHE_CONTROL } from "@/lib/platform/cache/portal-cache-headers.mjs";
import { newRequestId } from "@/lib/platform/http/responses";
import { findPublishedWorkspace, isPossibleSlug, WORKSPACE_NOT_FOUND } from "@/lib/domain/workspaces/find-published-workspace";
import { getPortalViewerState, VIEWER_POSTS_LIMIT } from "@/lib/domain/votes/portal-viewer-state";
import { portalVisitorOfCookies } from "@/lib/surfaces/auth/portal-visitor-of-cookies";
import { cookiesOf } from "@/lib/surfaces/auth/session-of-cookies";
import { rateLimitIp } from "@/lib/surfaces/public-api/rate-limit";
import { ApiError } from "@/lib/platform/http/error-codes";
import type { PortalViewerAnswer } from "@/lib/domain/users/portal-viewer-view";

// The one part of a portal page that belongs to its visitor (GET /p/{workspace}/viewer). Every
// visitor, signed in or not, gets the same page (rendered once, then answered from the page cache);
// the page's own script then asks here who is looking and which of its posts they upvoted, and
// fills in the name, the vote buttons and the comment box (components/portal/viewer.tsx). Under the
// portal's path so the portal's SSO session cookie comes along. Never stored anywhere: it is one
// person's. The production server's front door answers it without Next.js
// (lib/surfaces/front-door/front-door.ts); the route (app/p/[workspace]/viewer) answers the same.

/** The workspace slug of a viewer address (`/p/{slug}/viewer`, any query), or null. */
export function viewerSlugOf(url: string): string | null {
  const match = /^\/p\/([^/?#]+)\/viewer(?:[?#]|$)/.exec(url);
  return match ? decodeURIComponent(match[1]!) : null;
}

export interface ViewerAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function answer(status: number, body: unknown, extra: Record<string, string> = {}, requestId = newRequestId()): ViewerAnswer {
  const headers = { "content-type": "application/json; charset=utf-8", "cache-control": PORTAL_CACHE_CONTROL.signedIn, vary: "Cookie", "x-request-id": requestId, ...extra };
  return { status, headers, body: JSON.stringify(body) };
}

function refusal(status: number, code: string, message: string, extra?: Record<string, string>): ViewerAnswer {
  const requestId = newRequestId();
  return answer(status, { success: false, error: message, code, requestId }, extra, requestId);
}

const lowerCased = (headers: Record<string, string> = {}) => Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

/** The post ids of `?posts=a,b,c`: each a well-formed id, at most VIEWER_POSTS_LIMIT; null when not. */
function postIdsOf(search: string): string[] | null {
  const given = new URLSearchParams(search).get("posts");
  if (!given) return [];
  const ids = [...new Set(given.split(","))];
  if (ids.length > VIEWER_POSTS_LIMIT || !ids.every((id) => idSchema.safeParse(id).success)) return null;
  return ids;
}

/** The answer to GET /p/{slug}/viewer{search} from a request with these cookies. */
export async function answerViewer(request: { slug: string; search: string; cookieHeader: string; carriesApiKey: boolean; ip: string }): Promise<ViewerAnswer> {
  if (request.carriesApiKey) return refusal(403, "API_KEY_SCOPE", API_KEY_SCOPE_MESSAGE);
  // Asked by every page view, so it counts against the client's per-IP budget of the portal's
  // other public reads: a script asking in a loop is refused before it costs a session lookup.
  const counted = new Headers();
  try {
    await rateLimitIp(request.ip, counted);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return refusal(error.status, error.code, error.message, { ...Object.fromEntries(counted), ...lowerCased(error.headers) });
  }
  const limitHeaders = Object.fromEntries(counted);
  const postIds = postIdsOf(request.search);
  if (postIds === null) return refusal(400, "VALIDATION_ERROR", `posts is a comma-separated list of at most ${VIEWER_POSTS_LIMIT} post ids.`, limitHeaders);
  try {
    const workspace = isPossibleSlug(request.slug) ? await findPublishedWorkspace(request.slug) : null;
    if (!workspace) return refusal(404, "NOT_FOUND", WORKSPACE_NOT_FOUND, limitHeaders);
    // A session that ended (signed out elsewhere, expired, revoked) reads as nobody: the page
    // then shows its signed-out controls, which is what the visitor now is.
    const visitor = await portalVisitorOfCookies(workspace.id, cookiesOf(request.cookieHeader));
    if (!visitor) return answer(200, { visitor: null, voted: [] } satisfies PortalViewerAnswer, limitHeaders);
    const state = await getPortalViewerState(scopedDb(workspace.id), portalAudience(visitor.id), { postIds, sso: visitor.sso });
    const body: PortalViewerAnswer = {
      visitor: { name: visitor.name ?? visitor.email ?? "", avatarUrl: visitor.avatarUrl, sso: visitor.sso, member: state.member },
      voted: state.voted,
    };
    return answer(200, body, limitHeaders);
  } catch (error) {
    if (error instanceof DatabaseUnavailableError || isDatabaseUnavailable(error)) {
      return refusal(503, "SERVICE_UNAVAILABLE", "The service is briefly unavailable; retry in a moment.", { ...limitHeaders, "retry-after": "5" });
    }
    throw error;
  }
}
