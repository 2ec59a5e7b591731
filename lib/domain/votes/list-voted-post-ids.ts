import { userIdOf, type Audience } from "@/lib/platform/core/audience";
import type { ScopedDb } from "@/lib/platform/db/scoped";

/** Which of these posts the signed-in visitor has upvoted (for the vote buttons' state); none for the public. */
export async function listVotedPostIds(db: ScopedDb, audience: Audience, postIds: string[]): Promise<Set<string>> {
  const userId = userIdOf(audience);
  if (!userId || postIds.length === 0) return new Set();
  const votes = await db.vote.findMany({ where: { userId, postId: { in: postIds } }, select: { postId: true } });
  return new Set(votes.map((vote) => vote.postId));
}
