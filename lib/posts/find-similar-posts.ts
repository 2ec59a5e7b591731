import { safeText } from "@/lib/core/schemas";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ScopedDb } from "@/lib/db/scoped";
import { sqlFragment } from "@/lib/db/sql-fragment";
import { listPosts } from "./list-posts";
import { publicBoardSql } from "@/lib/visibility";

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
    // A Prisma.Sql carries the same strings and values as a fragment, so the shared rule fits here.
    Prisma.sql`"boardId" IN (SELECT b.id FROM "Board" b WHERE b."workspaceId" = ${db.workspaceId} AND ${publicBoardSql("b")})`,
  ]);
  return page.data.map((post) => ({ id: post.id, title: post.title, status: post.status, voteCount: post.voteCount, commentCount: post.commentCount }));
}
export type SimilarPost = Awaited<ReturnType<typeof findSimilarPosts>>[number];
