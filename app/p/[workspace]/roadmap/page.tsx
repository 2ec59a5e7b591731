import type { Metadata } from "next";
import Link from "next/link";
import { portalMetadata } from "@/components/portal/metadata";
import { listPublicRoadmap } from "@/lib/public/list-public-roadmap";
import { loadPortal } from "@/lib/public/load-portal";
import { ROADMAP_STAGES } from "@/lib/public/schemas";

type Props = { params: Promise<{ workspace: string }> };

const COLUMNS: Record<(typeof ROADMAP_STAGES)[number], { title: string; accent: string }> = {
  planned: { title: "Planned", accent: "bg-sky-500" },
  in_progress: { title: "In progress", accent: "bg-violet-500" },
  completed: { title: "Completed", accent: "bg-emerald-500" },
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { workspace } = await loadPortal((await params).workspace);
  return portalMetadata({ workspace, title: "Roadmap", description: `What ${workspace.name} has planned, is building and has shipped.` });
}

export default async function RoadmapPage({ params }: Props) {
  const { workspace, db } = await loadPortal((await params).workspace);
  const columns = await Promise.all(ROADMAP_STAGES.map((stage) => listPublicRoadmap(db, { stage, limit: 100 })));

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Roadmap</h1>
        <p className="mt-1 text-slate-600">What {workspace.name} has planned, is building and has shipped.</p>
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        {ROADMAP_STAGES.map((stage, index) => (
          <section key={stage} aria-labelledby={`stage-${stage}`} className="rounded-xl border border-slate-200 bg-slate-100/60 p-3" data-testid={`roadmap-${stage}`}>
            <h2 id={`stage-${stage}`} className="flex items-center gap-2 px-1 pb-3 text-sm font-semibold text-slate-700">
              <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${COLUMNS[stage].accent}`} />
              {COLUMNS[stage].title}
              <span className="font-normal text-slate-500">{columns[index]!.data.length}</span>
            </h2>
            {columns[index]!.data.length ? (
              <ul className="space-y-3">
                {columns[index]!.data.map((item) => (
                  <li key={item.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                    <h3 className="font-medium text-slate-900">{item.title}</h3>
                    {item.description ? <p className="mt-1 text-sm text-slate-600">{item.description}</p> : null}
                    {item.posts.length ? (
                      <ul className="mt-3 space-y-1.5 border-t border-slate-100 pt-3">
                        {item.posts.map((post) => (
                          <li key={post.id} className="flex items-center justify-between gap-2 text-sm">
                            <Link href={`/p/${workspace.slug}/posts/${post.id}`} className="truncate text-indigo-700 hover:underline">
                              {post.title}
                            </Link>
                            <span className="shrink-0 text-xs text-slate-500 tabular-nums">▲ {post.voteCount}</span>
                          </li>
                        ))}
                        {item.postCount > item.posts.length ? <li className="text-xs text-slate-500">and {item.postCount - item.posts.length} more</li> : null}
                      </ul>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="px-1 pb-2 text-sm text-slate-500">Nothing here yet.</p>
            )}
          </section>
        ))}
      </div>
    </div>
  );
}
