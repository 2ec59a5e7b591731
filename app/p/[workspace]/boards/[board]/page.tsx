import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { portalMetadata } from "@/components/portal/metadata";
import { PostRow } from "@/components/portal/post-row";
import { SubmitPostForm } from "@/components/portal/submit-post-form";
import { DomainError } from "@/lib/platform/core/errors";
import { portalSignIn } from "@/lib/surfaces/auth/portal-visitor";
import { ForViewer } from "@/components/portal/viewer";
import { POST_STATUSES } from "@/lib/domain/posts/status-rules";
import { VISITOR_POSTS } from "@/lib/domain/posts/visitor-limits";
import { PUBLIC_AUDIENCE } from "@/lib/platform/core/audience";
import { findPublicBoard } from "@/lib/domain/boards/get-board";
import { listPublicBoardPosts } from "@/lib/domain/posts/list-posts";
import { loadPortal, orNotFound } from "@/lib/surfaces/portal/load-portal";
import { boardPostsQuery } from "@/lib/domain/posts/schemas";

type Props = { params: Promise<{ workspace: string; board: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };
const PAGE_SIZE = 20;
const SORTS = [
  { value: "top", label: "sortTop" },
  { value: "newest", label: "sortNew" },
] as const;

async function load(params: Props["params"]) {
  const { workspace: slug, board: boardSlug } = await params;
  const portal = await loadPortal(slug);
  const board = await orNotFound(findPublicBoard(portal.db, PUBLIC_AUDIENCE, { slug: boardSlug }));
  return { ...portal, board };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { workspace, board } = await load(params);
  const t = await getTranslations("Board");
  return portalMetadata({ workspace, title: board.name, description: board.description || t("metaDescription", { name: workspace.name, board: board.name }) });
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
  // The same for every visitor (the page cache shares it); their votes and the idea form are the browser's part.
  const [{ workspace, db, board, base: portalBase }, search] = await Promise.all([load(params), searchParams]);
  const [t, tc] = await Promise.all([getTranslations("Board"), getTranslations("Common")]);
  const query = readQuery(search);
  // A stale or hand-edited cursor shows the first page rather than an error.
  const page = await listPublicBoardPosts(db, PUBLIC_AUDIENCE, board.id, query).catch((error) => {
    if (error instanceof DomainError && error.code === "VALIDATION_ERROR") return listPublicBoardPosts(db, PUBLIC_AUDIENCE, board.id, { ...query, cursor: undefined });
    throw error;
  });
  const base = `${portalBase}/boards/${board.slug}`;
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
  const signInHref = await portalSignIn(workspace.slug);

  return (
    <div className="space-y-6">
      <div>
        <Link href={portalBase} className="text-sm text-slate-500 hover:text-slate-800">
          <span aria-hidden="true" className="inline-block rtl:-scale-x-100">←</span> {t("allBoards")}
        </Link>
        <h1 dir="auto" className="mt-2 text-2xl font-semibold tracking-tight">{board.name}</h1>
        {board.description ? <p dir="auto" className="mt-1 text-slate-600">{board.description}</p> : null}
      </div>

      <section aria-labelledby="post-idea" className="rounded-xl border border-slate-200 bg-white p-5">
        <h2 id="post-idea" className="text-lg font-semibold">
          {t("postIdea")}
        </h2>
        {board.archived ? (
          <p className="mt-1 text-sm text-slate-600">{t("archived")}</p>
        ) : (
          <ForViewer
            signedIn={
              <div className="mt-3">
                <SubmitPostForm
                  slug={workspace.slug}
                  base={portalBase}
                  boardId={board.id}
                  limit={VISITOR_POSTS.limit}
                />
              </div>
            }
            signedOut={
              <p className="mt-1 text-sm text-slate-600">
                {t.rich("signInToPost", {
                  link: (chunks) => (
                    <Link href={signInHref(here)} className="font-medium text-indigo-700 underline">
                      {chunks}
                    </Link>
                  ),
                })}
              </p>
            }
          />
        )}
      </section>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label={t("sortLabel")} className="inline-flex rounded-lg border border-slate-200 bg-white p-0.5 text-sm">
          {SORTS.map((sort) => (
            <Link
              key={sort.value}
              href={href({ sort: sort.value })}
              aria-current={query.sort === sort.value ? "true" : undefined}
              className={`rounded-md px-3 py-1.5 font-medium ${query.sort === sort.value ? "bg-slate-900 text-white" : "text-slate-600 hover:bg-slate-100"}`}
            >
              {t(sort.label)}
            </Link>
          ))}
        </div>
        <nav aria-label={t("filterLabel")} className="flex flex-wrap gap-1.5 text-sm">
          {[undefined, ...POST_STATUSES].map((status) => (
            <Link
              key={status ?? "all"}
              href={href({ status })}
              aria-current={query.status === status ? "true" : undefined}
              className={`rounded-full border px-2.5 py-1 ${query.status === status ? "border-indigo-600 bg-indigo-50 text-indigo-800" : "border-slate-200 bg-white text-slate-600 hover:bg-slate-50"}`}
            >
              {status ? tc(`postStatus.${status}`) : t("all")}
            </Link>
          ))}
        </nav>
      </div>

      <section aria-label={t("postsLabel")} className="rounded-xl border border-slate-200 bg-white px-5">
        {page.data.length ? (
          <ul className="divide-y divide-slate-100">
            {page.data.map((post) => (
              <PostRow key={post.id} slug={workspace.slug} base={portalBase} post={post} signInHref={signInHref(here)} />
            ))}
          </ul>
        ) : (
          <p className="py-10 text-center text-slate-500">{query.status ? t("emptyWithStatus", { status: tc(`postStatus.${query.status}`) }) : t("empty")}</p>
        )}
      </section>

      <div className="flex justify-between text-sm">
        {query.cursor ? (
          <Link href={href({})} className="font-medium text-indigo-700 hover:underline">
            <span aria-hidden="true" className="inline-block rtl:-scale-x-100">←</span> {t("firstPage")}
          </Link>
        ) : (
          <span />
        )}
        {page.pagination.nextCursor ? (
          <Link href={href({ cursor: page.pagination.nextCursor })} className="font-medium text-indigo-700 hover:underline">
            {t("morePosts")} <span aria-hidden="true" className="inline-block rtl:-scale-x-100">→</span>
          </Link>
        ) : null}
      </div>
    </div>
  );
}
