import { userIdOf, type Audience } from "@/lib/platform/core/audience";
import type { ScopedDb } from "@/lib/platform/db/scoped";
import { listVotedPostIds } from "./list-voted-post-ids";

/** At most this many posts' votes per ask: a board page shows 20, the home page 5 per board. */
export const VIEWER_POSTS_LIMIT = 100;

export interface PortalViewerState {
  /** Which of the asked posts the visitor has upvoted. */
  voted: string[];
  /** The visitor is a member of the workspace (the portal links back to its dashboard). */
  member: boolean;
}

/**
 * What a portal page adds for one signed-in visitor to the page every visitor shares: their votes
 * among the posts it shows, and whether they belong to the team. An SSO visitor of the portal is
 * never a member (their account exists for this portal alone).
 */
export async function getPortalViewerState(db: ScopedDb, audience: Audience, input: { postIds: string[]; sso: boolean }): Promise<PortalViewerState> {
  const userId = userIdOf(audience);
  if (!userId) return { voted: [], member: false };
  const [voted, membership] = await Promise.all([
    listVotedPostIds(db, audience, input.postIds.slice(0, VIEWER_POSTS_LIMIT)),
    input.sso ? null : db.membership.findFirst({ where: { userId }, select: { role: true } }),
  ]);
  return { voted: [...voted], member: membership !== null };
}
