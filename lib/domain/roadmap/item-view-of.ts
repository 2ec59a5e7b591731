import type { ScopedTx } from "@/lib/platform/db/scoped";
import type { RoadmapItem } from "@/lib/generated/prisma/client";
import { roadmapItemView } from "./view";

const POSTS_PER_ITEM = 100;

/** One item as the API lists it (its linked posts and their count), read inside a transaction. */
export async function roadmapItemViewOf(tx: ScopedTx, item: RoadmapItem) {
  const linked = { roadmapItemId: item.id };
  const [posts, count] = await Promise.all([
    tx.post.findMany({
      where: linked,
      orderBy: [{ voteCount: "desc" }, { id: "asc" }],
      take: POSTS_PER_ITEM,
      select: { id: true, title: true, status: true, voteCount: true, boardId: true },
    }),
    tx.post.count({ where: linked }),
  ]);
  return roadmapItemView({ ...item, posts, _count: { posts: count } });
}
