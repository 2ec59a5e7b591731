import type { ScopedDb } from "@/lib/platform/db/scoped";
import { LISTED_POSTS, publicBoardFilter } from "@/lib/domain/access/visibility";

const OWN_IDEAS_LIMIT = 20;

/** A visitor's own latest ideas on the portal's public boards, with where each stands. */
export async function listOwnIdeas(db: ScopedDb, userId: string) {
  const posts = await db.post.findMany({
    where: { authorId: userId, board: publicBoardFilter, ...LISTED_POSTS },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: OWN_IDEAS_LIMIT,
    select: { id: true, title: true, status: true, voteCount: true, commentCount: true, createdAt: true },
  });
  return posts.map((post) => ({ ...post, createdAt: post.createdAt.toISOString() }));
}
export type OwnIdea = Awaited<ReturnType<typeof listOwnIdeas>>[number];
