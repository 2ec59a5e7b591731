import type { Post } from "@/lib/generated/prisma/client";
import type { ScopedDb } from "@/lib/platform/db/scoped";
import { sqlFragment, type SqlFragment } from "@/lib/platform/core/sql-fragment";
import type { Audience } from "@/lib/platform/core/audience";
import { keysetArgs, keysetSql, toPage, type SortSpec } from "@/lib/platform/core/pagination";
import { findPublicBoard } from "@/lib/domain/boards/get-board";
import { postsListedTo, postsListedToSql } from "@/lib/domain/access/visibility";
import type { BoardPostsQuery, ListPostsQuery } from "./schemas";
import { postSearch } from "./search";
import { PUBLIC_POST_SELECT, postView, publicPostView } from "./view";

export const POST_SORT_SPECS: Record<ListPostsQuery["sort"], SortSpec> = {
  newest: { name: "newest", field: "createdAt", direction: "desc", kind: "date" },
  oldest: { name: "oldest", field: "createdAt", direction: "asc", kind: "date" },
  top: { name: "top", field: "voteCount", direction: "desc", kind: "number" },
};

const POST_COLUMNS = `id, "workspaceId", "boardId", "authorId", "roadmapItemId", title, body, status::text AS status, tags,
  "voteCount", "commentCount", "mergedIntoId", "createdAt", "updatedAt"`;

/** What a list reads of each post (columns of "Post", as SQL) and how it presents a row. */
export interface PostListShape<Row extends Post, Out> {
  columns: string;
  view: (row: Row) => Out;
}

/** The API's shape: every column of the post. */
export const API_POST_LIST: PostListShape<Post, ReturnType<typeof postView>> = { columns: POST_COLUMNS, view: postView };

/**
 * The WHERE conditions of a post list's filters, and its search (lib/domain/posts/search.ts) when `q` is
 * given: undefined search means none was asked; null, that `q` holds no word and matches nothing.
 */
export function postFilters(query: Pick<ListPostsQuery, "boardId" | "status" | "tag" | "q"> & { updatedSince?: Date }) {
  const where: SqlFragment[] = [];
  if (query.boardId) where.push(sqlFragment`"boardId" = ${query.boardId}`);
  if (query.status) where.push(sqlFragment`status = ${query.status}::"PostStatus"`);
  // @> rather than = ANY(): the form a GIN index on tags would serve.
  if (query.tag) where.push(sqlFragment`tags @> ARRAY[${query.tag}]::text[]`);
  if (query.updatedSince) where.push(sqlFragment`"updatedAt" >= ${query.updatedSince}`);
  return { where, search: query.q ? postSearch(query.q) : undefined };
}

// The most-called endpoint, so it reads through the scoped raw reader rather than findMany (see
// ScopedDb.$selectRows); the rows are the same Post shape Prisma would return. The API, the
// dashboard's inbox and the portal's similar-post suggestions all list and search through here;
// the audience decides which posts it may see (the portal: public boards, no merged posts), and
// `fence` narrows a use's list further (a picker: no merged posts, not the post itself).
export function listPosts(db: ScopedDb, audience: Audience, query: ListPostsQuery, fence: readonly SqlFragment[] = []) {
  return listPostsAs(db, audience, query, fence, API_POST_LIST);
}

/** listPosts reading and presenting what `shape` says (a screen that shows less reads less). */
export async function listPostsAs<Row extends Post, Out>(
  db: ScopedDb,
  audience: Audience,
  query: ListPostsQuery,
  fence: readonly SqlFragment[],
  shape: PostListShape<Row, Out>,
  sort: SortSpec = POST_SORT_SPECS[query.sort],
) {
  const page = keysetSql(sort, query.cursor, query.limit);
  const { where, search } = postFilters(query);
  const select = { from: "post" as const, columns: shape.columns, where: [...where, ...postsListedToSql(audience, db.workspaceId), ...fence, ...page.where], orderBy: page.orderBy, limit: page.take };
  let rows: Row[];
  if (search === null) rows = [];
  else if (!search) rows = await db.$selectRows<Row>(select);
  else {
    rows =
      (await db.$selectRows<Row>({ ...select, searchHits: search.hits })) ??
      (await db.$selectRows<Row>({ ...select, where: [search.predicate, ...select.where] }));
  }
  return toPage(rows, sort, query.limit, shape.view);
}

/**
 * Posts of one board in the portal's view, with vote and comment counts; 404 for a board the
 * audience may not see or another workspace's. For the public, posts merged into another are left
 * out: their votes and comments live on the post they joined.
 */
export async function listPublicBoardPosts(db: ScopedDb, audience: Audience, boardId: string, query: BoardPostsQuery) {
  await findPublicBoard(db, audience, { id: boardId });
  const sort = POST_SORT_SPECS[query.sort];
  const page = keysetArgs(sort, query.cursor, query.limit);
  const rows = await db.post.findMany({
    where: { AND: [{ boardId, ...postsListedTo(audience), ...(query.status ? { status: query.status } : {}) }, page.where] },
    orderBy: page.orderBy,
    take: page.take,
    select: PUBLIC_POST_SELECT,
  });
  return toPage(rows, sort, query.limit, publicPostView);
}
