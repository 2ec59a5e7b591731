import { withRoadmapPostCounts } from "@/lib/posts/count-posts-by";
import type { ScopedDb } from "@/lib/db/scoped";
import { keysetArgs, toPage, type SortSpec } from "@/lib/core/pagination";
import type { ListRoadmapQuery } from "./schemas";
import { roadmapItemView } from "./view";

// Display order, keyed on (position, id). Position orders the items inside a stage; every item
// carries its stage, so grouping a full walk by stage yields each column already in display order,
// and `?stage=` pages through one column. Inserts never shift a walk; moving an item to another
// position while a client walks may show it twice or not at all (as with posts' `top` sort).
const DISPLAY_ORDER: SortSpec = { name: "position", field: "position", direction: "asc", kind: "number" };

const POSTS_PER_ITEM = 100;

export async function listRoadmapItems(db: ScopedDb, query: ListRoadmapQuery) {
  const page = keysetArgs(DISPLAY_ORDER, query.cursor, query.limit);
  // Relation reads are not fenced by the scoped client, so the linked posts name the workspace.
  const linked = { workspaceId: db.workspaceId };
  const rows = await db.roadmapItem.findMany({
    where: { AND: [query.stage ? { stage: query.stage } : {}, page.where] },
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
  return toPage(await withRoadmapPostCounts(db, rows), DISPLAY_ORDER, query.limit, roadmapItemView);
}
