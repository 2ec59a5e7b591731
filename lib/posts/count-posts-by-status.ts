import type { ScopedDb } from "@/lib/db/scoped";
import type { PostStatus } from "@/lib/generated/prisma/enums";
import { postFilters } from "./list-posts";
import type { ListPostsQuery } from "./schemas";
import { POST_STATUSES } from "./status-rules";

export type StatusCounts = Record<PostStatus | "all", number>;

// One pass over the matching posts, a FILTER per status. The statuses are the constant enum,
// never input, so the select list is constant SQL as the scoped reader requires.
const COLUMNS = [`count(*)::int AS "all"`, ...POST_STATUSES.map((status) => `count(*) FILTER (WHERE status = '${status}')::int AS "${status}"`)].join(", ");

/**
 * How many posts each status holds under the other filters of a list (board, tag, search), for
 * the inbox's status tabs. The same filters and search as the list itself (postFilters).
 */
export async function countPostsByStatus(db: ScopedDb, query: Pick<ListPostsQuery, "boardId" | "tag" | "q">): Promise<StatusCounts> {
  const [row] = await db.$selectRows<StatusCounts>({ from: "post", columns: COLUMNS, where: postFilters({ ...query, status: undefined }), orderBy: "1", limit: 1 });
  return row!;
}
