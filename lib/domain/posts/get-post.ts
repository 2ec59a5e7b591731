import { DomainError } from "@/lib/platform/core/errors";
import { idField, timestampField } from "@/lib/platform/core/fields";
import type { ScopedDb, ScopedTx } from "@/lib/platform/db/scoped";
import { z } from "zod";
import type { Audience } from "@/lib/platform/core/audience";
import { RoadmapStage } from "@/lib/generated/prisma/enums";
import { publicCommentSchema, publicCommentView } from "@/lib/domain/posts/comment-view";
import { commentsVisibleTo, postsVisibleTo } from "@/lib/domain/access/visibility";
import { PUBLIC_POST_SELECT, postSchema, postView, publicPostSchema, publicPostView } from "./view";

const RELATED_LIMIT = 100;

export async function getPostOrThrow(db: ScopedDb | ScopedTx, id: string) {
  const post = await db.post.findUnique({ where: { id } });
  if (!post) throw new DomainError("NOT_FOUND", "Post not found.");
  return post;
}

/**
 * One post as the API shows it, with its most recent votes and comments (counts cover all of them);
 * the audience decides, as for the portal's view below, which posts are found and which comments show.
 */
export async function getPostWithActivity(db: ScopedDb, audience: Audience, id: string) {
  const post = await db.post.findUnique({
    where: { ...postsVisibleTo(audience), id },
    include: {
      votes: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: RELATED_LIMIT, select: { id: true, userId: true, createdAt: true } },
      comments: {
        where: commentsVisibleTo(audience),
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take: RELATED_LIMIT,
        select: { id: true, body: true, isTeamReply: true, hiddenAt: true, createdAt: true, author: { select: { id: true, name: true } } },
      },
    },
  });
  if (!post) throw new DomainError("NOT_FOUND", "Post not found.");
  return {
    ...postView(post),
    votes: post.votes.map((vote) => ({ id: vote.id, userId: vote.userId, createdAt: vote.createdAt.toISOString() })),
    comments: post.comments.map((comment) => ({
      id: comment.id,
      body: comment.body,
      author: comment.author,
      isTeamReply: comment.isTeamReply,
      hiddenAt: comment.hiddenAt?.toISOString() ?? null,
      createdAt: comment.createdAt.toISOString(),
    })),
  };
}

export const postWithActivitySchema = z
  .strictObject({
    ...postSchema.shape,
    votes: z.array(z.strictObject({ id: idField, userId: idField, createdAt: timestampField })).meta({ description: `The newest ${RELATED_LIMIT} votes.` }),
    comments: z
      .array(
        z.strictObject({
          id: idField,
          body: z.string(),
          author: z.strictObject({ id: idField, name: z.string().nullable() }).nullable(),
          isTeamReply: z.boolean().meta({ description: "Written by the workspace's team from the dashboard; the portal marks it." }),
          hiddenAt: timestampField.nullable().meta({ description: "When a moderator hid it from the portal, or null." }),
          createdAt: timestampField,
        }),
      )
      .meta({ description: `The first ${RELATED_LIMIT} comments, oldest first.` }),
  })
  .meta({ id: "PostWithActivity" });

export const PUBLIC_COMMENTS_LIMIT = 100;

/**
 * One post in the portal's view, with its board, roadmap item and first comments (oldest first;
 * `commentCount` counts the visible ones). The audience decides which boards' posts are found and
 * which comments show: for the public, a post on a private board is not found and hidden comments
 * stay with the team.
 */
export async function getPublicPost(db: ScopedDb, audience: Audience, postId: string) {
  const post = await db.post.findFirst({
    where: { id: postId, ...postsVisibleTo(audience) },
    select: {
      ...PUBLIC_POST_SELECT,
      board: { select: { id: true, slug: true, name: true } },
      roadmapItem: { select: { id: true, title: true, stage: true, workspaceId: true } },
      comments: {
        // The nested read is fenced to the workspace too, not only the post it hangs off.
        where: { workspaceId: db.workspaceId, ...commentsVisibleTo(audience) },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take: PUBLIC_COMMENTS_LIMIT,
        select: { id: true, body: true, isTeamReply: true, createdAt: true, author: { select: { name: true, avatarUrl: true } } },
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
    roadmapItem: z.strictObject({ id: idField, title: z.string(), stage: z.enum(RoadmapStage) }).nullable(),
    comments: z.array(publicCommentSchema).meta({ description: `The first ${PUBLIC_COMMENTS_LIMIT} comments, oldest first; \`commentCount\` counts them all.` }),
  })
  .meta({ id: "PublicPostDetail" });

export type PublicPostDetail = Awaited<ReturnType<typeof getPublicPost>>;
