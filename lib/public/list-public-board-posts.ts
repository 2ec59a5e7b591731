import { keysetArgs, toPage, type SortSpec } from "@/lib/core/pagination";
import type { ScopedDb } from "@/lib/db/scoped";
import { PUBLIC_AUDIENCE } from "@/lib/core/audience";
import { getPublicBoard } from "@/lib/boards/get-board";
import type { BoardPostsQuery, PublicPostSort } from "./schemas";
import { PUBLIC_POST_SELECT, publicPostView } from "@/lib/posts/view";

export const PUBLIC_POST_SORT_SPECS: Record<PublicPostSort, SortSpec> = {
  top: { name: "top", field: "voteCount", direction: "desc", kind: "number" },
  newest: { name: "newest", field: "createdAt", direction: "desc", kind: "date" },
  oldest: { name: "oldest", field: "createdAt", direction: "asc", kind: "date" },
};

/**
 * Posts of one public board, with vote and comment counts; 404 for a private or foreign board.
 * Posts merged into another are left out: their votes and comments live on the post they joined.
 */
export async function listPublicBoardPosts(db: ScopedDb, boardId: string, query: BoardPostsQuery) {
  await getPublicBoard(db, PUBLIC_AUDIENCE, { id: boardId });
  const sort = PUBLIC_POST_SORT_SPECS[query.sort];
  const page = keysetArgs(sort, query.cursor, query.limit);
  const rows = await db.post.findMany({
    where: { AND: [{ boardId, mergedIntoId: null, ...(query.status ? { status: query.status } : {}) }, page.where] },
    orderBy: page.orderBy,
    take: page.take,
    select: PUBLIC_POST_SELECT,
  });
  return toPage(rows, sort, query.limit, publicPostView);
}
