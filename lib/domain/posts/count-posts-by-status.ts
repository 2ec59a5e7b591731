import type { ScopedDb } from "@/lib/platform/db/scoped";
import { sqlFragment, type SqlFragment } from "@/lib/platform/core/sql-fragment";
import type { PostStatus } from "@/lib/generated/prisma/enums";
import { postFilters } from "./list-posts";
import type { ListPostsQuery } from "./schemas";
import { POST_STATUSES } from "./status-rules";

export type StatusCounts = Record<PostStatus | "all", number>;

/**
 * Counts stop here: a tab saying "10,000+" tells the team as much as an exact figure, and
 * counting a million posts exactly would read a million index entries on every inbox view.
 */
export const STATUS_COUNT_CAP = 10_000;

/** A count as a status tab shows it. */
export function formatStatusCount(count: number): string {
  return count > STATUS_COUNT_CAP ? `${STATUS_COUNT_CAP.toLocaleString("en")}+` : count.toLocaleString("en");
}

/**
 * How many posts each status holds under the other filters of a list (board, tag, search), for
 * the inbox's status tabs, each at most STATUS_COUNT_CAP + 1. The same filters and search as the
 * list itself (postFilters); one bounded index walk per status, in one statement.
 */
export async function countPostsByStatus(db: ScopedDb, query: Pick<ListPostsQuery, "boardId" | "tag" | "q">): Promise<StatusCounts> {
  const { where, search } = postFilters({ ...query, status: undefined });
  const perStatusWhere = (extra: SqlFragment[]) => POST_STATUSES.map((status) => [...extra, ...where, sqlFragment`status = ${status}::"PostStatus"`]);
  let perStatus: number[];
  if (search === null) perStatus = POST_STATUSES.map(() => 0);
  else if (!search) perStatus = await db.$countRows("post", perStatusWhere([]), STATUS_COUNT_CAP);
  else {
    perStatus =
      (await db.$countRows("post", perStatusWhere([]), STATUS_COUNT_CAP, search.hits)) ??
      (await db.$countRows("post", perStatusWhere([search.predicate]), STATUS_COUNT_CAP));
  }
  const counts = Object.fromEntries(POST_STATUSES.map((status, i) => [status, perStatus[i]!])) as StatusCounts;
  counts.all = Math.min(STATUS_COUNT_CAP + 1, perStatus.reduce((sum, n) => sum + n, 0));
  return counts;
}
