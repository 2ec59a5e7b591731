import { z } from "zod";
import { countField, idField, positionField, timestampField } from "@/lib/platform/core/fields";
import { POST_STATUSES } from "@/lib/domain/posts/status-rules";
import { ROADMAP_STAGES } from "./schemas";
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

/** The fields every view of a roadmap item has; each adds its own `posts`. */
export const roadmapItemShape = {
  id: idField,
  title: z.string(),
  description: z.string(),
  stage: z.enum(ROADMAP_STAGES),
  position: positionField,
  postCount: countField.meta({ description: "All linked posts; `posts` may hold fewer." }),
  createdAt: timestampField,
  updatedAt: timestampField,
};

export const roadmapItemSchema = z
  .strictObject({
    ...roadmapItemShape,
    posts: z.array(z.strictObject({ id: idField, title: z.string(), status: z.enum(POST_STATUSES), voteCount: countField, boardId: idField })),
  })
  .meta({ id: "RoadmapItem" });
