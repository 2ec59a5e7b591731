import type { Audience } from "@/lib/platform/core/audience";
import { safeText } from "@/lib/platform/core/schemas";
import type { ScopedDb } from "@/lib/platform/db/scoped";
import { listPosts } from "./list-posts";

export const SIMILAR_POSTS_LIMIT = 5;
/** Fewer characters than this match too much to be a suggestion. */
export const SIMILAR_MIN_LENGTH = 3;

const similarQuery = safeText({ max: 200, label: "title" });

/**
 * Posts whose titles match what a visitor is typing, most voted first: the "vote instead of filing
 * a duplicate" list, of the posts the audience may see (a visitor: the portal's public boards,
 * never merged posts). The same search as the API's `q` and the inbox (listPosts), so a better
 * search improves all three.
 */
export async function findSimilarPosts(db: ScopedDb, audience: Audience, title: string) {
  const parsed = similarQuery.safeParse(title);
  if (!parsed.success || parsed.data.length < SIMILAR_MIN_LENGTH) return [];
  const page = await listPosts(db, audience, { q: parsed.data, sort: "top", limit: SIMILAR_POSTS_LIMIT });
  return page.data.map((post) => ({ id: post.id, title: post.title, status: post.status, voteCount: post.voteCount, commentCount: post.commentCount }));
}
export type SimilarPost = Awaited<ReturnType<typeof findSimilarPosts>>[number];
