import type { ScopedDb } from "@/lib/platform/db/scoped";
import type { Prisma } from "@/lib/generated/prisma/client";

// Post counts of the boards or roadmap items on one page. Prisma's relation `_count` aggregates
// every post of the workspace before joining the page (a sequential scan of the posts table, see
// tests/plans/query-plans.test.ts); grouping only the page's ids goes through their indexes.

type Counted<T> = T & { _count: { posts: number } };

export async function withBoardPostCounts<T extends { id: string }>(db: ScopedDb, boards: T[], where: Prisma.PostWhereInput = {}): Promise<Counted<T>[]> {
  if (boards.length === 0) return [];
  const groups = await db.post.groupBy({ by: ["boardId"], where: { AND: [where, { boardId: { in: boards.map((board) => board.id) } }] }, _count: { _all: true } });
  const counts = new Map(groups.map((group) => [group.boardId, group._count._all]));
  return boards.map((board) => ({ ...board, _count: { posts: counts.get(board.id) ?? 0 } }));
}

export async function withRoadmapPostCounts<T extends { id: string }>(db: ScopedDb, items: T[], where: Prisma.PostWhereInput = {}): Promise<Counted<T>[]> {
  if (items.length === 0) return [];
  const groups = await db.post.groupBy({ by: ["roadmapItemId"], where: { AND: [where, { roadmapItemId: { in: items.map((item) => item.id) } }] }, _count: { _all: true } });
  const counts = new Map(groups.map((group) => [group.roadmapItemId, group._count._all]));
  return items.map((item) => ({ ...item, _count: { posts: counts.get(item.id) ?? 0 } }));
}
