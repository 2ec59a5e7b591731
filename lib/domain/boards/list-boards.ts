import type { ScopedDb } from "@/lib/platform/db/scoped";
import { changedSince, keysetArgs, toPage, type SortSpec } from "@/lib/platform/core/pagination";
import { withBoardPostCounts } from "@/lib/domain/boards/count-posts-by";
import type { Audience } from "@/lib/platform/core/audience";
import type { PageOnlyQuery } from "@/lib/platform/core/pagination";
import type { ListBoardsQuery } from "./schemas";
import { boardView, publicBoardView } from "./view";
import { boardsVisibleTo, openBoardFilter, postsListedTo, publicBoardFilter } from "@/lib/domain/access/visibility";

const NEWEST: SortSpec = { name: "newest", field: "createdAt", direction: "desc", kind: "date" };

const VISIBILITY_FILTER = { public: publicBoardFilter, private: { NOT: publicBoardFilter }, all: {} } as const;
const STATE_FILTER = { open: openBoardFilter, archived: { NOT: openBoardFilter }, all: {} } as const;

/** Boards as the API shows them, newest first: those the audience may see, narrowed by `visibility`. */
export async function listBoards(db: ScopedDb, audience: Audience, query: ListBoardsQuery) {
  const page = keysetArgs(NEWEST, query.cursor, query.limit);
  const rows = await db.board.findMany({
    where: { AND: [boardsVisibleTo(audience), VISIBILITY_FILTER[query.visibility], STATE_FILTER[query.state], changedSince(query.updatedSince), page.where] },
    orderBy: page.orderBy,
    take: page.take,
  });
  return toPage(await withBoardPostCounts(db, rows, postsListedTo(audience)), NEWEST, query.limit, boardView);
}

const OLDEST: SortSpec = { name: "created", field: "createdAt", direction: "asc", kind: "date" };

/**
 * The boards an audience may see in the portal's view, oldest first (for the public, private boards
 * never appear). Archived boards leave the list; their pages still open for links people kept.
 */
export async function listPublicBoards(db: ScopedDb, audience: Audience, query: PageOnlyQuery) {
  const page = keysetArgs(OLDEST, query.cursor, query.limit);
  const rows = await db.board.findMany({
    where: { AND: [boardsVisibleTo(audience), openBoardFilter, page.where] },
    orderBy: page.orderBy,
    take: page.take,
    select: { id: true, slug: true, name: true, description: true, archivedAt: true, createdAt: true },
  });
  return toPage(await withBoardPostCounts(db, rows, postsListedTo(audience)), OLDEST, query.limit, (board) => ({ ...publicBoardView(board), postCount: board._count.posts }));
}
