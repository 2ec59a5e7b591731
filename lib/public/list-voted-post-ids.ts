import type { ScopedDb } from "@/lib/db/scoped";

/** Which of these posts the signed-in visitor has upvoted (for the vote buttons' state). */
export async function listVotedPostIds(db: ScopedDb, userId: string | null, postIds: string[]): Promise<Set<string>> {
  if (!userId || postIds.length === 0) return new Set();
  const votes = await db.vote.findMany({ where: { userId, postId: { in: postIds } }, select: { postId: true } });
  return new Set(votes.map((vote) => vote.postId));
}
