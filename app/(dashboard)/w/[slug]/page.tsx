import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireSessionUser } from "@/lib/auth/session";
import { getMemberWorkspace } from "@/lib/workspaces/list-user-workspaces";
import { getWorkspaceUsage } from "@/lib/workspaces/get-workspace-usage";

export async function generateMetadata({ params }: { params: Promise<{ slug: string }> }): Promise<Metadata> {
  return { title: (await params).slug };
}

const LABELS = {
  boards: "Boards",
  posts: "Posts",
  releaseNotes: "Release notes",
  statusComponents: "Status components",
  incidents: "Active incidents",
  todoItems: "Todo items",
  members: "Members",
  activeKeys: "Active API keys",
} as const;

export default async function WorkspaceOverviewPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const user = await requireSessionUser(`/w/${slug}`);
  const workspace = await getMemberWorkspace(user.id, slug);
  if (!workspace) notFound();
  const usage = await getWorkspaceUsage(workspace.id);
  return (
    <main>
      <h1 className="text-2xl font-semibold tracking-tight" data-testid="workspace-name">
        {workspace.name}
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        {workspace.plan === "FREE" ? "Free plan" : "Pro plan"} · you are {workspace.role.toLowerCase()} ·{" "}
        {workspace.portalPublished ? "portal published" : "portal not published"}
      </p>
      <dl className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4">
        {(Object.keys(LABELS) as (keyof typeof LABELS)[]).map((key) => (
          <div key={key} className="rounded-xl border border-slate-200 bg-white p-4">
            <dt className="text-sm text-slate-600">{LABELS[key]}</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums">{usage[key]}</dd>
          </div>
        ))}
      </dl>
    </main>
  );
}
