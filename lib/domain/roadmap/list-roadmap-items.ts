import { z } from "zod";
import type { Audience } from "@/lib/platform/core/audience";
import { countField, idField } from "@/lib/platform/core/fields";
import { withRoadmapPostCounts } from "@/lib/domain/boards/count-posts-by";
import { POST_STATUSES } from "@/lib/domain/posts/status-rules";
import { postsVisibleTo } from "@/lib/domain/access/visibility";
import type { ScopedDb } from "@/lib/platform/db/scoped";
import { changedSince, keysetArgs, toPage, type SortSpec } from "@/lib/platform/core/pagination";
import type { RoadmapQuery, ListRoadmapQuery } from "./schemas";
import { roadmapItemShape, roadmapItemView } from "./view";

// Display order, keyed on (position, id). Position orders the items inside a stage; every item
// carries its stage, so grouping a full walk by stage yields each column already in display order,
// and `?stage=` pages through one column. Inserts never shift a walk; moving an item to another
// position while a client walks may show it twice or not at all (as with posts' `top` sort).
const DISPLAY_ORDER: SortSpec = { name: "position", field: "position", direction: "asc", kind: "number" };

const POSTS_PER_ITEM = 100;

/**
 * The linked posts an audience may see. Relation reads are not fenced by the scoped client, so
 * they name the workspace.
 */
function linkedPosts(db: ScopedDb, audience: Audience) {
  return { workspaceId: db.workspaceId, ...postsVisibleTo(audience) };
}

/** Roadmap items as the API shows them, each with the linked posts the audience may see. */
export async function listRoadmapItems(db: ScopedDb, audience: Audience, query: ListRoadmapQuery) {
  const page = keysetArgs(DISPLAY_ORDER, query.cursor, query.limit);
  const linked = linkedPosts(db, audience);
  const rows = await db.roadmapItem.findMany({
    where: { AND: [query.stage ? { stage: query.stage } : {}, changedSince(query.updatedSince), page.where] },
    orderBy: page.orderBy,
    take: page.take,
    include: {
      posts: {
        where: linked,
        orderBy: [{ voteCount: "desc" }, { id: "asc" }],
        take: POSTS_PER_ITEM,
        select: { id: true, title: true, status: true, voteCount: true, boardId: true },
      },
    },
  });
  return toPage(await withRoadmapPostCounts(db, rows, postsVisibleTo(audience)), DISPLAY_ORDER, query.limit, roadmapItemView);
}

export const ROADMAP_POSTS_LIMIT = 20;

/**
 * Roadmap items in the portal's view, in board order (position), each with its linked posts the
 * audience may see (for the public, those on public boards; most voted first, at most
 * ROADMAP_POSTS_LIMIT; `postCount` counts them all).
 */
export async function listPublicRoadmap(db: ScopedDb, audience: Audience, query: RoadmapQuery) {
  const page = keysetArgs(DISPLAY_ORDER, query.cursor, query.limit);
  const linked = linkedPosts(db, audience);
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
        where: linked,
        orderBy: [{ voteCount: "desc" }, { id: "asc" }],
        take: ROADMAP_POSTS_LIMIT,
        select: { id: true, boardId: true, title: true, status: true, voteCount: true, commentCount: true },
      },
    },
  });
  return toPage(await withRoadmapPostCounts(db, rows, linked), DISPLAY_ORDER, query.limit, (item) => ({
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
