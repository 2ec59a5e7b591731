import { keysetArgs, toPage, type SortSpec } from "@/lib/core/pagination";
import { withBoardPostCounts } from "@/lib/posts/count-posts-by";
import type { ScopedDb } from "@/lib/db/scoped";
import type { PageOnlyQuery } from "./schemas";
import { LISTED_POSTS } from "@/lib/visibility";
import { publicBoardView } from "@/lib/boards/view";
import { publicBoardFilter } from "@/lib/visibility";

const BOARD_SORT: SortSpec = { name: "created", field: "createdAt", direction: "asc", kind: "date" };

/** The workspace's public boards, oldest first; private boards never appear. */
export async function listPublicBoards(db: ScopedDb, query: PageOnlyQuery) {
  const page = keysetArgs(BOARD_SORT, query.cursor, query.limit);
  const rows = await db.board.findMany({
    where: { AND: [publicBoardFilter, page.where] },
    orderBy: page.orderBy,
    take: page.take,
    select: { id: true, slug: true, name: true, description: true, createdAt: true },
  });
  return toPage(await withBoardPostCounts(db, rows, LISTED_POSTS), BOARD_SORT, query.limit, (board) => ({ ...publicBoardView(board), postCount: board._count.posts }));
}
