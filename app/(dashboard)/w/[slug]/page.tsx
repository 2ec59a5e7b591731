import type { Metadata } from "next";
import Link from "next/link";
import { GettingStarted } from "@/components/overview/getting-started";
import { NeedsAttention } from "@/components/overview/needs-attention";
import { SectionCards } from "@/components/overview/section-cards";
import { workspacePageActor } from "@/lib/surfaces/dashboard/page-actor";
import { workspaceNameForTitle } from "@/lib/surfaces/dashboard/workspace-title";
import { planName } from "@/lib/domain/plans/limits";
import { canManageWorkspace } from "@/lib/domain/access/roles";
import { getWorkspaceOverview } from "@/lib/domain/workspaces/get-workspace-overview";

export async function generateMetadata({ params }: { params: Promise<{ slug: string }> }): Promise<Metadata> {
  const name = await workspaceNameForTitle((await params).slug);
  return { title: name ? { absolute: `Overview · ${name}` } : "Overview" };
}

export default async function WorkspaceOverviewPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { actor, workspace } = await workspacePageActor(slug, "");
  const overview = await getWorkspaceOverview(actor);
  const setUp = Object.values(overview.checklist).every(Boolean);
  return (
    <main className="space-y-8">
      <div>
        <h1 dir="auto" className="text-2xl font-semibold tracking-tight" data-testid="workspace-name">
          {workspace.name}
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          {planName(workspace.plan)} plan · you are {actor.role.toLowerCase()} ·{" "}
          {overview.portalPublished ? (
            <Link href={`/p/${workspace.slug}`} className="font-medium text-indigo-700 underline-offset-2 hover:underline">
              portal published
            </Link>
          ) : (
            "portal not published"
          )}
        </p>
      </div>
      {setUp ? null : <GettingStarted slug={workspace.slug} checklist={overview.checklist} canManage={canManageWorkspace(actor.role)} />}
      <NeedsAttention slug={workspace.slug} attention={overview.attention} />
      <SectionCards slug={workspace.slug} overview={overview} />
    </main>
  );
}
