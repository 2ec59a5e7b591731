import type { Post } from "@/lib/generated/prisma/client";

type SharedPostFields = Pick<
  Post,
  "id" | "boardId" | "title" | "body" | "status" | "tags" | "voteCount" | "commentCount" | "roadmapItemId" | "createdAt" | "updatedAt"
>;

/** What every view of a post shows; each surface adds how it names the author. */
export function sharedPostFields(post: SharedPostFields) {
  return {
    id: post.id,
    boardId: post.boardId,
    title: post.title,
    body: post.body,
    status: post.status,
    tags: post.tags,
    voteCount: post.voteCount,
    commentCount: post.commentCount,
    roadmapItemId: post.roadmapItemId,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
  };
}

/** The API's post: the author by user id (members are listed by id on /members). */
export function postView(post: SharedPostFields & Pick<Post, "authorId">) {
  return { ...sharedPostFields(post), authorId: post.authorId };
}
