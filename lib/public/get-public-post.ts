import { ApiError } from "@/lib/api/error-codes";
import type { ScopedDb } from "@/lib/db/scoped";
import { PUBLIC_POST_SELECT, publicCommentView, publicPostView } from "./views";

export const PUBLIC_COMMENTS_LIMIT = 100;

/**
 * One post of a public board with its board, roadmap item and first comments (oldest first;
 * `commentCount` counts them all). A post on a private board is not found.
 */
export async function getPublicPost(db: ScopedDb, postId: string) {
  const post = await db.post.findFirst({
    where: { id: postId, board: { isPublic: true } },
    select: {
      ...PUBLIC_POST_SELECT,
      board: { select: { id: true, slug: true, name: true } },
      roadmapItem: { select: { id: true, title: true, stage: true, workspaceId: true } },
      comments: {
        // The nested read is fenced to the workspace too, not only the post it hangs off; hidden
        // comments stay with the team.
        where: { workspaceId: db.workspaceId, hiddenAt: null },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take: PUBLIC_COMMENTS_LIMIT,
        select: { id: true, body: true, isTeamReply: true, createdAt: true, author: { select: { name: true } } },
      },
    },
  });
  if (!post) throw new ApiError("NOT_FOUND", "Post not found.");
  const roadmapItem = post.roadmapItem?.workspaceId === db.workspaceId ? post.roadmapItem : null;
  return {
    ...publicPostView(post),
    board: post.board,
    roadmapItem: roadmapItem ? { id: roadmapItem.id, title: roadmapItem.title, stage: roadmapItem.stage } : null,
    comments: post.comments.map(publicCommentView),
  };
}
export type PublicPostDetail = Awaited<ReturnType<typeof getPublicPost>>;
