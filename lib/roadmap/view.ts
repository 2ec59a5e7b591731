import type { Post, RoadmapItem } from "@/lib/generated/prisma/client";

export type LinkedPost = Pick<Post, "id" | "title" | "status" | "voteCount" | "boardId">;
export type RoadmapItemWithPosts = RoadmapItem & { posts: LinkedPost[]; _count: { posts: number } };

export function roadmapItemView(item: RoadmapItemWithPosts) {
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    stage: item.stage,
    position: item.position,
    // `posts` is capped; the count tells a client whether it saw all of them.
    postCount: item._count.posts,
    posts: item.posts.map((post) => ({ id: post.id, title: post.title, status: post.status, voteCount: post.voteCount, boardId: post.boardId })),
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}
