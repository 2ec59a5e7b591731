import type { ScopedDb } from "@/lib/platform/db/scoped";
import { portalAudience, PUBLIC_AUDIENCE } from "@/lib/platform/core/audience";
import { findSimilarPosts } from "@/lib/domain/posts/find-similar-posts";
import { similarLookupLimiter } from "@/lib/domain/posts/visitor-limits";
import { listVotedPostIds } from "@/lib/domain/votes/list-voted-post-ids";
import { widgetLookupIpLimiter } from "./widget-limits";

/**
 * The portal's duplicate suggestions for the widget: the same search and budget per account, and
 * for a signed-out visitor a budget per address. When over budget the list pauses (empty, `paused`).
 */
export async function findWidgetSuggestions(db: ScopedDb, visitor: { userId: string | null; ip: string }, title: string) {
  const verdict = visitor.userId
    ? await similarLookupLimiter().limit(`${db.workspaceId}:${visitor.userId}`)
    : await widgetLookupIpLimiter().limit(`${db.workspaceId}:${visitor.ip}`);
  if (!verdict.success) return { posts: [], paused: true };
  const audience = visitor.userId ? portalAudience(visitor.userId) : PUBLIC_AUDIENCE;
  const posts = await findSimilarPosts(db, audience, title.slice(0, 1_000));
  const voted = visitor.userId ? await listVotedPostIds(db, audience, posts.map((post) => post.id)) : new Set<string>();
  return { posts: posts.map((post) => ({ ...post, voted: voted.has(post.id) })), paused: false };
}
