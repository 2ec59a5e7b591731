import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { portalMetadata } from "@/components/portal/metadata";
import { PUBLIC_AUDIENCE } from "@/lib/platform/core/audience";
import { listPublicRoadmap } from "@/lib/domain/roadmap/list-roadmap-items";
import { loadPortal } from "@/lib/surfaces/portal/load-portal";
import { ROADMAP_STAGES } from "@/lib/domain/roadmap/schemas";

type Props = { params: Promise<{ workspace: string }> };

const ACCENTS: Record<(typeof ROADMAP_STAGES)[number], string> = {
  planned: "bg-sky-500",
  in_progress: "bg-violet-500",
  completed: "bg-emerald-500",
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { workspace } = await loadPortal((await params).workspace);
  const t = await getTranslations("Roadmap");
  return portalMetadata({ workspace, title: t("title"), description: t("intro", { name: workspace.name }) });
}

export default async function RoadmapPage({ params }: Props) {
  const { workspace, db, base } = await loadPortal((await params).workspace);
  const [t, tc, format] = await Promise.all([getTranslations("Roadmap"), getTranslations("Common"), getFormatter()]);
  const columns = await Promise.all(ROADMAP_STAGES.map((stage) => listPublicRoadmap(db, PUBLIC_AUDIENCE, { stage, limit: 100 })));

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{t("title")}</h1>
        <p className="mt-1 text-slate-600">{t("intro", { name: workspace.name })}</p>
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        {ROADMAP_STAGES.map((stage, index) => (
          <section key={stage} aria-labelledby={`stage-${stage}`} className="rounded-xl border border-slate-200 bg-slate-100/60 p-3" data-testid={`roadmap-${stage}`}>
            <h2 id={`stage-${stage}`} className="flex items-center gap-2 px-1 pb-3 text-sm font-semibold text-slate-700">
              <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${ACCENTS[stage]}`} />
              {tc(`stage.${stage}`)}
              <span className="font-normal text-slate-500">{format.number(columns[index]!.data.length)}</span>
            </h2>
            {columns[index]!.data.length ? (
              <ul className="space-y-3">
                {columns[index]!.data.map((item) => (
                  <li key={item.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                    <h3 dir="auto" className="font-medium text-slate-900">{item.title}</h3>
                    {item.description ? <p dir="auto" className="mt-1 text-sm text-slate-600">{item.description}</p> : null}
                    {item.posts.length ? (
                      <ul className="mt-3 space-y-1.5 border-t border-slate-100 pt-3">
                        {item.posts.map((post) => (
                          <li key={post.id} className="flex items-start justify-between gap-2 text-sm">
                            <Link href={`${base}/posts/${post.id}`} dir="auto" className="min-w-0 break-words text-indigo-700 hover:underline" data-testid="roadmap-post-title">
                              {post.title}
                            </Link>
                            <span className="shrink-0 text-xs text-slate-500 tabular-nums">
                              <span aria-hidden="true">▲ {format.number(post.voteCount)}</span>
                              <span className="sr-only">{tc("votes", { count: post.voteCount })}</span>
                            </span>
                          </li>
                        ))}
                        {item.postCount > item.posts.length ? <li className="text-xs text-slate-500">{t("more", { count: item.postCount - item.posts.length })}</li> : null}
                      </ul>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="px-1 pb-2 text-sm text-slate-600">{t("empty")}</p>
            )}
          </section>
        ))}
      </div>
    </div>
  );
}
