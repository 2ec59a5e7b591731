import type { ScopedDb } from "@/lib/db/scoped";
import { sqlFragment } from "@/lib/db/sql-fragment";
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
  const filters = await postFilters(db, { ...query, status: undefined });
  const perStatus = await db.$countRows(
    "post",
    POST_STATUSES.map((status) => [...filters, sqlFragment`status = ${status}::"PostStatus"`]),
    STATUS_COUNT_CAP,
  );
  const counts = Object.fromEntries(POST_STATUSES.map((status, i) => [status, perStatus[i]!])) as StatusCounts;
  counts.all = Math.min(STATUS_COUNT_CAP + 1, perStatus.reduce((sum, n) => sum + n, 0));
  return counts;
}
