import { notFound } from "next/navigation";
import { requireSessionUser } from "@/lib/auth/session";
import { getMemberWorkspace, listUserWorkspaces } from "@/lib/workspaces/list-user-workspaces";
import { WorkspaceNav } from "@/components/workspaces/workspace-nav";
import { WorkspaceSwitcher } from "@/components/workspaces/workspace-switcher";

export default async function WorkspaceLayout({ children, params }: { children: React.ReactNode; params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const user = await requireSessionUser(`/w/${slug}`);
  const [workspace, all] = await Promise.all([getMemberWorkspace(user.id, slug), listUserWorkspaces(user.id)]);
  if (!workspace) notFound();
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <WorkspaceSwitcher current={workspace.slug} workspaces={all.map(({ slug, name }) => ({ slug, name }))} />
        <WorkspaceNav slug={workspace.slug} portalHref={workspace.portalPublished ? `/p/${workspace.slug}` : null} />
      </div>
      <div className="mt-6">{children}</div>
    </div>
  );
}
