import type { Metadata } from "next";
import { withBdi } from "@/lib/platform/i18n/bdi";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { portalMetadata } from "@/components/portal/metadata";
import { PostRow } from "@/components/portal/post-row";
import { portalSignIn } from "@/lib/surfaces/auth/portal-visitor";
import { getPublicStatus } from "@/lib/domain/status/get-public-status";
import { listPublicBoardPosts } from "@/lib/domain/posts/list-posts";
import { PUBLIC_AUDIENCE } from "@/lib/platform/core/audience";
import { listPublicBoards } from "@/lib/domain/boards/list-boards";
import { loadPortal } from "@/lib/surfaces/portal/load-portal";

type Props = { params: Promise<{ workspace: string }> };
const TOP_POSTS = 5;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { workspace } = await loadPortal((await params).workspace);
  const t = await getTranslations("Home");
  return portalMetadata({ workspace, title: t("title"), description: t("metaDescription", { name: workspace.name }) });
}

export default async function PortalHome({ params }: Props) {
  const { workspace, db, base } = await loadPortal((await params).workspace);
  const [t, tc, ts] = await Promise.all([getTranslations("Home"), getTranslations("Common"), getTranslations("Status.indicator")]);
  // The same for every visitor (the page cache shares it); their votes are filled in by the browser.
  const [boards, status] = await Promise.all([listPublicBoards(db, PUBLIC_AUDIENCE, { limit: 100 }), getPublicStatus(db).then((answer) => answer.data)]);
  const topPosts = await Promise.all(boards.data.map((board) => listPublicBoardPosts(db, PUBLIC_AUDIENCE, board.id, { limit: TOP_POSTS, sort: "top" })));
  const here = base;
  const signInHref = await portalSignIn(workspace.slug);

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t("title")}</h1>
          <p className="mt-1 text-slate-600">{withBdi((slot) => t("intro", { name: slot(workspace.name) }))}</p>
        </div>
        <Link href={`${here}/status`} className="inline-flex items-center gap-2 rounded-full border border-slate-200 bg-white px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50">
          <span aria-hidden="true" className={`h-2 w-2 rounded-full ${status.indicator === "operational" ? "bg-emerald-500" : status.indicator === "maintenance" ? "bg-sky-500" : "bg-orange-500"}`} />
          {ts(status.indicator)}
        </Link>
      </div>

      {boards.data.length === 0 ? <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">{t("noBoards")}</p> : null}

      <div className="grid gap-6 lg:grid-cols-2">
        {boards.data.map((board, index) => (
          <section key={board.id} aria-labelledby={`board-${board.id}`} className="rounded-xl border border-slate-200 bg-white p-5">
            <div className="flex items-start justify-between gap-3">
              <div>
                <h2 id={`board-${board.id}`} dir="auto" className="text-lg font-semibold">
                  <Link href={`${here}/boards/${board.slug}`} className="hover:text-indigo-700 hover:underline">
                    {board.name}
                  </Link>
                </h2>
                {board.description ? <p dir="auto" className="mt-0.5 text-sm text-slate-600">{board.description}</p> : null}
              </div>
              <span className="shrink-0 text-sm text-slate-500">
                {tc("posts", { count: board.postCount })}
              </span>
            </div>
            {topPosts[index]!.data.length ? (
              <ul className="mt-2 divide-y divide-slate-100">
                {topPosts[index]!.data.map((post) => (
                  <PostRow key={post.id} slug={workspace.slug} base={base} post={post} signInHref={signInHref(here)} />
                ))}
              </ul>
            ) : (
              <p className="mt-4 text-sm text-slate-500">{t("noPosts")}</p>
            )}
            <Link href={`${here}/boards/${board.slug}`} className="mt-3 inline-block text-sm font-medium text-indigo-700 hover:underline">
              {t("seeAll")} <span aria-hidden="true" className="inline-block rtl:-scale-x-100">→</span>
            </Link>
          </section>
        ))}
      </div>
    </div>
  );
}
