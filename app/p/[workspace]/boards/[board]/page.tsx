import type { Metadata } from "next";
import Link from "next/link";
import { humanize, signInHref } from "@/components/portal/format";
import { portalMetadata } from "@/components/portal/metadata";
import { PostRow } from "@/components/portal/post-row";
import { SubmitPostForm } from "@/components/portal/submit-post-form";
import { DomainError } from "@/lib/core/errors";
import { getSessionUser } from "@/lib/auth/session";
import { POST_STATUSES } from "@/lib/posts/status-rules";
import { VISITOR_POSTS } from "@/lib/posts/visitor-limits";
import { getPublicBoard } from "@/lib/public/get-public-board";
import { listPublicBoardPosts } from "@/lib/public/list-public-board-posts";
import { listVotedPostIds } from "@/lib/public/list-voted-post-ids";
import { loadPortal, orNotFound } from "@/lib/public/load-portal";
import { boardPostsQuery } from "@/lib/public/schemas";
import { similarPostsAction, submitPostAction, voteAction } from "../../actions";

type Props = { params: Promise<{ workspace: string; board: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };
const PAGE_SIZE = 20;
const SORTS = [
  { value: "top", label: "Top" },
  { value: "newest", label: "New" },
] as const;

async function load(params: Props["params"]) {
  const { workspace: slug, board: boardSlug } = await params;
  const portal = await loadPortal(slug);
  const board = await orNotFound(getPublicBoard(portal.db, { slug: boardSlug }));
  return { ...portal, board };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { workspace, board } = await load(params);
  return portalMetadata({ workspace, title: board.name, description: board.description || `Ideas and feedback for ${workspace.name}: ${board.name}.` });
}

/** Reads sort, status and cursor from the address; anything invalid falls back to the defaults. */
function readQuery(search: Record<string, string | string[] | undefined>) {
  const sort = search.sort === "newest" ? "newest" : "top";
  const status = typeof search.status === "string" && (POST_STATUSES as readonly string[]).includes(search.status) ? search.status : undefined;
  const cursor = typeof search.cursor === "string" ? search.cursor : undefined;
  const parsed = boardPostsQuery.safeParse({ sort, status, cursor, limit: String(PAGE_SIZE) });
  return parsed.success ? parsed.data : boardPostsQuery.parse({ sort, limit: String(PAGE_SIZE) });
}

export default async function BoardPage({ params, searchParams }: Props) {
  const [{ workspace, db, board }, search, user] = await Promise.all([load(params), searchParams, getSessionUser()]);
  const query = readQuery(search);
  // A stale or hand-edited cursor shows the first page rather than an error.
  const page = await listPublicBoardPosts(db, board.id, query).catch((error) => {
    if (error instanceof DomainError && error.code === "VALIDATION_ERROR") return listPublicBoardPosts(db, board.id, { ...query, cursor: undefined });
    throw error;
  });
  const voted = await listVotedPostIds(db, user?.id ?? null, page.data.map((post) => post.id));
  const base = `/p/${workspace.slug}/boards/${board.slug}`;
  const href = (change: Record<string, string | undefined>) => {
    const next = new URLSearchParams();
    const merged = { sort: query.sort, status: query.status, ...change };
    if (merged.sort && merged.sort !== "top") next.set("sort", merged.sort);
    if (merged.status) next.set("status", merged.status);
    if (change.cursor) next.set("cursor", change.cursor);
    const text = next.toString();
    return text ? `${base}?${text}` : base;
  };
  const here = href({ cursor: query.cursor });

  return (
    <div className="space-y-6">
      <div>
        <Link href={`/p/${workspace.slug}`} className="text-sm text-slate-500 hover:text-slate-800">
          ← All boards
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">{board.name}</h1>
        {board.description ? <p className="mt-1 text-slate-600">{board.description}</p> : null}
      </div>

      <section aria-labelledby="post-idea" className="rounded-xl border border-slate-200 bg-white p-5">
        <h2 id="post-idea" className="text-lg font-semibold">
          Post an idea
        </h2>
        {user ? (
          <div className="mt-3">
            <SubmitPostForm
              slug={workspace.slug}
              boardId={board.id}
              limitLabel={VISITOR_POSTS.label}
              actions={{ submitPost: submitPostAction, similarPosts: similarPostsAction, vote: voteAction }}
            />
          </div>
        ) : (
          <p className="mt-1 text-sm text-slate-600">
            <Link href={signInHref(here)} className="font-medium text-indigo-700 underline">
              Sign in
            </Link>{" "}
            to post an idea, vote and comment. You will come back to this board.
          </p>
        )}
      </section>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label="Sort posts" className="inline-flex rounded-lg border border-slate-200 bg-white p-0.5 text-sm">
          {SORTS.map((sort) => (
            <Link
              key={sort.value}
              href={href({ sort: sort.value })}
              aria-current={query.sort === sort.value ? "true" : undefined}
              className={`rounded-md px-3 py-1.5 font-medium ${query.sort === sort.value ? "bg-slate-900 text-white" : "text-slate-600 hover:bg-slate-100"}`}
            >
              {sort.label}
            </Link>
          ))}
        </div>
        <nav aria-label="Filter by status" className="flex flex-wrap gap-1.5 text-sm">
          {[undefined, ...POST_STATUSES].map((status) => (
            <Link
              key={status ?? "all"}
              href={href({ status })}
              aria-current={query.status === status ? "true" : undefined}
              className={`rounded-full border px-2.5 py-1 ${query.status === status ? "border-indigo-600 bg-indigo-50 text-indigo-800" : "border-slate-200 bg-white text-slate-600 hover:bg-slate-50"}`}
            >
              {status ? humanize(status) : "All"}
            </Link>
          ))}
        </nav>
      </div>

      <section aria-label="Posts" className="rounded-xl border border-slate-200 bg-white px-5">
        {page.data.length ? (
          <ul className="divide-y divide-slate-100">
            {page.data.map((post) => (
              <PostRow key={post.id} slug={workspace.slug} post={post} voted={voted.has(post.id)} signInHref={user ? null : signInHref(here)} vote={voteAction} />
            ))}
          </ul>
        ) : (
          <p className="py-10 text-center text-slate-500">No posts {query.status ? `with status “${humanize(query.status)}”` : "yet"}.</p>
        )}
      </section>

      <div className="flex justify-between text-sm">
        {query.cursor ? (
          <Link href={href({})} className="font-medium text-indigo-700 hover:underline">
            ← First page
          </Link>
        ) : (
          <span />
        )}
        {page.pagination.nextCursor ? (
          <Link href={href({ cursor: page.pagination.nextCursor })} className="font-medium text-indigo-700 hover:underline">
            More posts →
          </Link>
        ) : null}
      </div>
    </div>
  );
}
