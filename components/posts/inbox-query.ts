import type { BoardChoice } from "@/lib/domain/boards/list-all-boards";
import type { PostStatus } from "@/lib/generated/prisma/enums";
import { listPostsQuery, POST_SORTS, type ListPostsQuery } from "@/lib/domain/posts/schemas";

/** The API's sorts, and the inbox's own: by what the voters' companies pay (SSO claims). */
export const INBOX_SORTS = [...POST_SORTS, "spend"] as const;

// The inbox's state lives in its address: ?status=&board=<board slug>&tag=&q=&sort=&cursor=, so a
// filtered view is a link to share and Back returns to the last one. The board is named by slug
// (readable); everything else is the API's own query, validated by the API's schema.
export interface InboxState {
  status?: PostStatus;
  board?: string;
  tag?: string;
  q?: string;
  sort: (typeof INBOX_SORTS)[number];
  cursor?: string;
}

export const INBOX_PAGE_SIZE = 50;

type Search = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;

/** The state in the address, each part that is not valid dropped (with a note for the page), and the API query it makes. */
export function readInboxState(search: Search, boards: BoardChoice[]) {
  const raw = { status: first(search.status), board: first(search.board), tag: first(search.tag), q: first(search.q), sort: first(search.sort), cursor: first(search.cursor) };
  const board = raw.board ? boards.find((candidate) => candidate.slug === raw.board) : undefined;
  // The API's query knows nothing of the inbox's own sort; its cursor is checked when the list is read.
  const bySpend = raw.sort === "spend";
  const candidate = {
    status: raw.status,
    boardId: board?.id,
    tag: raw.tag,
    q: raw.q,
    sort: bySpend ? undefined : raw.sort,
    cursor: raw.cursor,
    limit: String(INBOX_PAGE_SIZE),
  };
  const ignored: string[] = raw.board && !board ? ["board"] : [];
  // Drop each invalid part on its own, so one bad parameter does not cost the others.
  let parsed = listPostsQuery.safeParse(candidate);
  while (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? "");
    if (!(field in candidate) || field === "limit") throw parsed.error;
    ignored.push(field === "boardId" ? "board" : field);
    delete (candidate as Record<string, unknown>)[field];
    parsed = listPostsQuery.safeParse(candidate);
  }
  const query: ListPostsQuery = parsed.data;
  const state: InboxState = {
    status: query.status,
    board: board && query.boardId ? board.slug : undefined,
    tag: query.tag,
    q: query.q,
    sort: bySpend ? "spend" : query.sort,
    cursor: query.cursor,
  };
  return { state, query, ignored };
}

/** The address of the inbox with `change` applied; any change but paging starts from the first page. */
export function inboxHref(slug: string, state: InboxState, change: Partial<InboxState> = {}) {
  const next = { ...state, cursor: undefined, ...change };
  const params = new URLSearchParams();
  if (next.status) params.set("status", next.status);
  if (next.board) params.set("board", next.board);
  if (next.tag) params.set("tag", next.tag);
  if (next.q) params.set("q", next.q);
  if (next.sort && next.sort !== "newest") params.set("sort", next.sort);
  if (next.cursor) params.set("cursor", next.cursor);
  const text = params.toString();
  return `/w/${slug}/posts${text ? `?${text}` : ""}`;
}

export function hasFilters(state: InboxState) {
  return Boolean(state.status || state.board || state.tag || state.q);
}
