import { z } from "zod";
import { keysetArgs, toPage, type SortSpec } from "@/lib/core/pagination";
import { countField, idField } from "@/lib/core/fields";
import { withRoadmapPostCounts } from "@/lib/posts/count-posts-by";
import type { ScopedDb } from "@/lib/db/scoped";
import { POST_STATUSES } from "@/lib/posts/status-rules";
import { roadmapItemShape } from "@/lib/roadmap/view";
import type { RoadmapQuery } from "./schemas";
import { publicBoardFilter } from "@/lib/visibility";

const ROADMAP_SORT: SortSpec = { name: "position", field: "position", direction: "asc", kind: "number" };
export const ROADMAP_POSTS_LIMIT = 20;

/**
 * Roadmap items in board order (position), each with its linked posts that sit on public boards
 * (most voted first, at most ROADMAP_POSTS_LIMIT; `postCount` counts them all).
 */
export async function listPublicRoadmap(db: ScopedDb, query: RoadmapQuery) {
  const page = keysetArgs(ROADMAP_SORT, query.cursor, query.limit);
  const publicPosts = { workspaceId: db.workspaceId, board: publicBoardFilter };
  const rows = await db.roadmapItem.findMany({
    where: { AND: [query.stage ? { stage: query.stage } : {}, page.where] },
    orderBy: page.orderBy,
    take: page.take,
    select: {
      id: true,
      title: true,
      description: true,
      stage: true,
      position: true,
      createdAt: true,
      updatedAt: true,
      posts: {
        where: publicPosts,
        orderBy: [{ voteCount: "desc" }, { id: "asc" }],
        take: ROADMAP_POSTS_LIMIT,
        select: { id: true, boardId: true, title: true, status: true, voteCount: true, commentCount: true },
      },
    },
  });
  return toPage(await withRoadmapPostCounts(db, rows, publicPosts), ROADMAP_SORT, query.limit, (item) => ({
    id: item.id,
    title: item.title,
    description: item.description,
    stage: item.stage,
    position: item.position,
    posts: item.posts,
    postCount: item._count.posts,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  }));
}
export const publicRoadmapItemSchema = z
  .strictObject({
    ...roadmapItemShape,
    posts: z
      .array(z.strictObject({ id: idField, boardId: idField, title: z.string(), status: z.enum(POST_STATUSES), voteCount: countField, commentCount: countField }))
      .meta({ description: `Linked posts on public boards, most voted first (at most ${ROADMAP_POSTS_LIMIT}).` }),
  })
  .meta({ id: "PublicRoadmapItem" });

export type PublicRoadmapItem = Awaited<ReturnType<typeof listPublicRoadmap>>["data"][number];
