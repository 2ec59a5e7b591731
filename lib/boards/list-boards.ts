import type { ScopedDb } from "@/lib/db/scoped";
import { keysetArgs, toPage, type SortSpec } from "@/lib/core/pagination";
import { withBoardPostCounts } from "@/lib/posts/count-posts-by";
import type { ListBoardsQuery } from "./schemas";
import { boardView } from "./view";
import { publicBoardFilter } from "@/lib/visibility";

const NEWEST: SortSpec = { name: "newest", field: "createdAt", direction: "desc", kind: "date" };

const VISIBILITY_FILTER = { public: publicBoardFilter, private: { NOT: publicBoardFilter }, all: {} } as const;

export async function listBoards(db: ScopedDb, query: ListBoardsQuery) {
  const page = keysetArgs(NEWEST, query.cursor, query.limit);
  const rows = await db.board.findMany({
    where: { AND: [VISIBILITY_FILTER[query.visibility], page.where] },
    orderBy: page.orderBy,
    take: page.take,
  });
  return toPage(await withBoardPostCounts(db, rows), NEWEST, query.limit, boardView);
}
