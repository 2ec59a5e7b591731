import type { ScopedDb } from "@/lib/platform/db/scoped";
import { withRoadmapPostCounts } from "@/lib/domain/boards/count-posts-by";
import type { PostStatus, RoadmapStage } from "@/lib/generated/prisma/enums";
import { ROADMAP_STAGES } from "./schemas";

const ITEMS_CAP = 300;
const POSTS_PER_ITEM = 50;

export type BoardPost = { id: string; title: string; status: PostStatus; voteCount: number };
export type BoardItem = { id: string; title: string; description: string; stage: RoadmapStage; posts: BoardPost[]; postCount: number };

/** The dashboard's board: every column in display order (position, then id, as the API and portal). */
export async function getRoadmapBoard(db: ScopedDb): Promise<Record<RoadmapStage, BoardItem[]>> {
  const linked = { workspaceId: db.workspaceId };
  const rows = await db.roadmapItem.findMany({
    orderBy: [{ position: "asc" }, { id: "asc" }],
    take: ITEMS_CAP,
    select: {
      id: true,
      title: true,
      description: true,
      stage: true,
      posts: { where: linked, orderBy: [{ voteCount: "desc" }, { id: "asc" }], take: POSTS_PER_ITEM, select: { id: true, title: true, status: true, voteCount: true } },
    },
  });
  // Counted per item through the index, not with the relation's count, which reads every post.
  const counted = await withRoadmapPostCounts(db, rows, linked);
  const board = Object.fromEntries(ROADMAP_STAGES.map((stage) => [stage, [] as BoardItem[]])) as Record<RoadmapStage, BoardItem[]>;
  for (const { _count, ...row } of counted) board[row.stage].push({ ...row, postCount: _count.posts });
  return board;
}
