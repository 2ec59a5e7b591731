import { notFound } from "next/navigation";
import { requireSessionUser } from "@/lib/auth/session";
import { scopedDb } from "@/lib/db/scoped";
import type { WorkspaceActor } from "@/lib/workspaces/actor";
import { getMemberWorkspace } from "@/lib/workspaces/list-user-workspaces";

/**
 * For the settings pages (server components): the signed-in user as an actor in this workspace,
 * role read afresh, plus the workspace row. Not a member (or no such workspace): 404, as elsewhere.
 * Pages decide what a role may see; the server actions decide again what it may change.
 */
export async function settingsActor(slug: string, page: string) {
  const user = await requireSessionUser(`/w/${slug}/settings${page}`);
  const workspace = await getMemberWorkspace(user.id, slug);
  if (!workspace) notFound();
  const actor: WorkspaceActor = { userId: user.id, workspaceId: workspace.id, role: workspace.role, db: scopedDb(workspace.id) };
  return { user, actor, workspace };
}
