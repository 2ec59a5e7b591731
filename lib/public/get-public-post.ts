import { z } from "zod";
import { DomainError } from "@/lib/core/errors";
import { idField } from "@/lib/core/fields";
import type { ScopedDb } from "@/lib/db/scoped";
import { ROADMAP_STAGES } from "./schemas";
import { PUBLIC_POST_SELECT, publicPostSchema, publicPostView } from "@/lib/posts/view";
import { publicCommentSchema, publicCommentView } from "@/lib/comments/view";
import { publicBoardFilter, visibleCommentFilter } from "@/lib/visibility";

export const PUBLIC_COMMENTS_LIMIT = 100;

/**
 * One post of a public board with its board, roadmap item and first comments (oldest first;
 * `commentCount` counts them all). A post on a private board is not found.
 */
export async function getPublicPost(db: ScopedDb, postId: string) {
  const post = await db.post.findFirst({
    where: { id: postId, board: publicBoardFilter },
    select: {
      ...PUBLIC_POST_SELECT,
      board: { select: { id: true, slug: true, name: true } },
      roadmapItem: { select: { id: true, title: true, stage: true, workspaceId: true } },
      comments: {
        // The nested read is fenced to the workspace too, not only the post it hangs off; hidden
        // comments stay with the team.
        where: { workspaceId: db.workspaceId, ...visibleCommentFilter },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take: PUBLIC_COMMENTS_LIMIT,
        select: { id: true, body: true, isTeamReply: true, createdAt: true, author: { select: { name: true } } },
      },
    },
  });
  if (!post) throw new DomainError("NOT_FOUND", "Post not found.");
  const roadmapItem = post.roadmapItem?.workspaceId === db.workspaceId ? post.roadmapItem : null;
  return {
    ...publicPostView(post),
    board: post.board,
    roadmapItem: roadmapItem ? { id: roadmapItem.id, title: roadmapItem.title, stage: roadmapItem.stage } : null,
    comments: post.comments.map(publicCommentView),
  };
}
export const publicPostDetailSchema = z
  .strictObject({
    ...publicPostSchema.shape,
    board: z.strictObject({ id: idField, slug: z.string(), name: z.string() }),
    roadmapItem: z.strictObject({ id: idField, title: z.string(), stage: z.enum(ROADMAP_STAGES) }).nullable(),
    comments: z.array(publicCommentSchema).meta({ description: `The first ${PUBLIC_COMMENTS_LIMIT} comments, oldest first; \`commentCount\` counts them all.` }),
  })
  .meta({ id: "PublicPostDetail" });

export type PublicPostDetail = Awaited<ReturnType<typeof getPublicPost>>;
