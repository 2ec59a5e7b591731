import type { Metadata } from "next";
import Link from "next/link";
import { humanize } from "@/components/portal/format";
import { DomainError } from "@/lib/platform/core/errors";
import { listBoardChoices } from "@/lib/domain/boards/list-all-boards";
import { workspacePageActor } from "@/lib/surfaces/dashboard/page-actor";
import { formatStatusCount } from "@/lib/domain/posts/count-posts-by-status";
import { listInbox } from "@/lib/domain/posts/list-inbox";
import { POST_STATUSES } from "@/lib/domain/posts/status-rules";
import { roleCan } from "@/lib/domain/access/roles";
import { InboxTable } from "@/components/posts/inbox-table";
import { InboxToolbar } from "@/components/posts/inbox-toolbar";
import { hasFilters, inboxHref, readInboxState } from "@/components/posts/inbox-query";
import { NewPostButton } from "@/components/posts/new-post-dialog";

export const metadata: Metadata = { title: "Posts" };

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function PostsInboxPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const { actor, workspace } = await workspacePageActor(slug, "/posts");
  const [boards, search] = await Promise.all([listBoardChoices(actor.db), searchParams]);
  const { state, query, ignored } = readInboxState(search, boards);
  // A stale or edited cursor shows the first page rather than an error.
  const inbox = await listInbox(actor, query, state.sort).catch((error) => {
    if (!(error instanceof DomainError && error.code === "VALIDATION_ERROR" && query.cursor)) throw error;
    ignored.push("cursor");
    state.cursor = undefined;
    return listInbox(actor, { ...query, cursor: undefined }, state.sort);
  });
  const boardNames = new Map(boards.map((board) => [board.id, board.name]));
  // Archived boards still filter the inbox, but take no new posts.
  const openBoards = boards.filter((board) => board.archivedAt === null);
  const canCreate = roleCan(actor.role, "posts.create") && openBoards.length > 0;
  const filtered = hasFilters(state);

  return (
    <main className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Posts</h1>
          <p className="mt-1 text-sm text-slate-600">Every post on every board: what your users asked for, and where it stands.</p>
        </div>
        {canCreate ? <NewPostButton slug={slug} boards={openBoards} defaultBoardId={openBoards.find((board) => board.slug === state.board)?.id} /> : null}
      </div>

      <nav aria-label="Status" className="scroll-hint -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0" data-testid="status-tabs">
        <ul className="flex gap-1 border-b border-slate-200 text-sm">
          {[undefined, ...POST_STATUSES].map((status) => {
            const current = state.status === status;
            return (
              <li key={status ?? "all"} className="shrink-0">
                <Link
                  href={inboxHref(slug, state, { status })}
                  aria-current={current ? "page" : undefined}
                  className={`-mb-px flex items-center gap-1.5 border-b-2 px-3 py-2 whitespace-nowrap ${
                    current ? "border-indigo-600 font-medium text-indigo-700" : "border-transparent text-slate-600 hover:text-slate-900"
                  }`}
                  data-testid={`status-tab-${status ?? "all"}`}
                >
                  {status ? humanize(status) : "All"}
                  <span className={`rounded-full px-1.5 text-xs tabular-nums ${current ? "bg-indigo-100 text-indigo-800" : "bg-slate-100 text-slate-600"}`}>
                    {formatStatusCount(inbox.counts[status ?? "all"])}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {/* Keyed on the search, so Back and Forward show the search of the address they land on. */}
      <InboxToolbar key={state.q ?? ""} slug={slug} state={state} boards={boards.map(({ slug: boardSlug, name }) => ({ slug: boardSlug, name }))} />

      {ignored.length ? (
        <p className="text-sm text-amber-800" role="status">
          Part of this address was not valid and was left out: {ignored.join(", ")}.
        </p>
      ) : null}

      {inbox.data.length ? (
        <InboxTable slug={slug} state={state} posts={inbox.data} boardNames={boardNames} />
      ) : (
        <EmptyInbox slug={slug} filtered={filtered} hasBoards={boards.length > 0} portalPublished={workspace.portalPublished} canManageBoards={roleCan(actor.role, "boards.manage")} />
      )}

      <nav aria-label="Pages" className="flex items-center justify-between text-sm">
        {state.cursor ? (
          <Link href={inboxHref(slug, state)} className="font-medium text-indigo-700 hover:underline">
            ← First page
          </Link>
        ) : (
          <span />
        )}
        {inbox.pagination.nextCursor ? (
          <Link href={inboxHref(slug, state, { cursor: inbox.pagination.nextCursor })} className="font-medium text-indigo-700 hover:underline" rel="next">
            Next page →
          </Link>
        ) : null}
      </nav>
    </main>
  );
}

function EmptyInbox({ slug, filtered, hasBoards, portalPublished, canManageBoards }: { slug: string; filtered: boolean; hasBoards: boolean; portalPublished: boolean; canManageBoards: boolean }) {
  let title = "No posts yet";
  let text: React.ReactNode;
  let action: React.ReactNode = null;
  if (filtered) {
    title = "No posts match";
    text = "Nothing fits this search and these filters.";
    action = (
      <Link href={`/w/${slug}/posts`} className="font-medium text-indigo-700 hover:underline">
        Clear all filters
      </Link>
    );
  } else if (!hasBoards) {
    text = canManageBoards ? "Posts live on boards. Create a board first, then share your portal or add posts yourself." : "Posts live on boards, and this workspace has none yet. An admin or owner can create one.";
    action = canManageBoards ? (
      <Link href={`/w/${slug}/boards`} className="font-medium text-indigo-700 hover:underline">
        Create a board
      </Link>
    ) : null;
  } else if (portalPublished) {
    text = "Share your portal so your users can post ideas and vote, or add the first post yourself.";
    action = (
      <Link href={`/p/${slug}`} className="font-medium text-indigo-700 hover:underline">
        Open the portal: /p/{slug}
      </Link>
    );
  } else {
    text = "Publish the portal (Settings → General) so your users can post ideas and vote, or add the first post yourself.";
    action = (
      <Link href={`/w/${slug}/settings`} className="font-medium text-indigo-700 hover:underline">
        Go to settings
      </Link>
    );
  }
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center" data-testid="inbox-empty">
      <h2 className="font-medium text-slate-900">{title}</h2>
      <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">{text}</p>
      {action ? <p className="mt-3 text-sm">{action}</p> : null}
    </div>
  );
}
