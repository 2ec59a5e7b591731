import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireSessionUser } from "@/lib/surfaces/auth/session";
import { workspaceNameForTitle } from "@/lib/surfaces/dashboard/workspace-title";
import { getMemberWorkspace, listUserWorkspaces } from "@/lib/domain/workspaces/list-user-workspaces";
import { isSharedRender } from "@/lib/surfaces/dashboard/shared-render";
import { WorkspaceNav } from "@/components/workspaces/workspace-nav";
import { WorkspaceSwitcher } from "@/components/workspaces/workspace-switcher";

// Every page below a workspace is titled "<page> · <workspace name>" (a template reaches child
// segments only: the overview, in this segment, writes its own title).
export async function generateMetadata({ params }: { params: Promise<{ slug: string }> }): Promise<Metadata> {
  const name = await workspaceNameForTitle((await params).slug);
  return name ? { title: { template: `%s · ${name}`, default: name } } : {};
}

export default async function WorkspaceLayout({ children, params }: { children: React.ReactNode; params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const user = await requireSessionUser(`/w/${slug}`);
  // A render shared by every member of a role lists nobody's workspaces: the switcher asks for them.
  const shared = await isSharedRender();
  const [workspace, all] = await Promise.all([getMemberWorkspace(user.id, slug), shared ? null : listUserWorkspaces(user.id)]);
  if (!workspace) notFound();
  return (
    <div className="mx-auto max-w-6xl px-4 py-4 sm:px-6 sm:py-6">
      {/* One row at every width: the sections sit beside the switcher, as a menu button on narrow screens. */}
      <div className="flex items-center justify-between gap-2 md:gap-4">
        <WorkspaceSwitcher here={{ slug: workspace.slug, name: workspace.name, role: workspace.role }} workspaces={all?.map(({ slug, name, role }) => ({ slug, name, role })) ?? null} />
        <WorkspaceNav slug={workspace.slug} portalHref={workspace.portalPublished ? `/p/${workspace.slug}` : null} />
      </div>
      <div className="mt-6">{children}</div>
    </div>
  );
}
