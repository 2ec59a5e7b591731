import { safeText } from "@/lib/core/schemas";
import type { ScopedDb } from "@/lib/db/scoped";
import { sqlFragment } from "@/lib/db/sql-fragment";
import { listPosts } from "./list-posts";

export const SIMILAR_POSTS_LIMIT = 5;
/** Fewer characters than this match too much to be a suggestion. */
export const SIMILAR_MIN_LENGTH = 3;

const similarQuery = safeText({ max: 200, label: "title" });

/**
 * Posts of the portal's public boards whose titles match what a visitor is typing, most voted
 * first: the "vote instead of filing a duplicate" list. The same search as the API's `q` and the
 * inbox (listPosts), so a better search improves all three; merged posts never appear.
 */
export async function findSimilarPosts(db: ScopedDb, title: string) {
  const parsed = similarQuery.safeParse(title);
  if (!parsed.success || parsed.data.length < SIMILAR_MIN_LENGTH) return [];
  const page = await listPosts(db, { q: parsed.data, sort: "top", limit: SIMILAR_POSTS_LIMIT }, [
    sqlFragment`"mergedIntoId" IS NULL`,
    sqlFragment`"boardId" IN (SELECT id FROM "Board" WHERE "workspaceId" = ${db.workspaceId} AND "isPublic")`,
  ]);
  return page.data.map((post) => ({ id: post.id, title: post.title, status: post.status, voteCount: post.voteCount, commentCount: post.commentCount }));
}
export type SimilarPost = Awaited<ReturnType<typeof findSimilarPosts>>[number];
