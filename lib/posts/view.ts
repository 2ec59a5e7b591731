import type { Post } from "@/lib/generated/prisma/client";

export function postView(post: Post) {
  return {
    id: post.id,
    boardId: post.boardId,
    title: post.title,
    body: post.body,
    status: post.status,
    tags: post.tags,
    voteCount: post.voteCount,
    commentCount: post.commentCount,
    authorId: post.authorId,
    roadmapItemId: post.roadmapItemId,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
  };
}
