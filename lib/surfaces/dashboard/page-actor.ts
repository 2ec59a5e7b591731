import { notFound } from "next/navigation";
import { requireSessionUser } from "@/lib/surfaces/auth/session";
import { scopedDb } from "@/lib/platform/db/scoped";
import type { WorkspaceActor } from "@/lib/domain/access/actor";
import { getMemberWorkspace } from "@/lib/domain/workspaces/list-user-workspaces";

/**
 * For workspace pages (server components): the signed-in user as an actor in this workspace,
 * role read afresh, plus the workspace row. Signed out: to sign-in and back to `/w/{slug}{path}`.
 * Not a member (or no such workspace): 404. Pages decide what a role may see; server actions and
 * the domain functions they call decide again what it may change.
 */
export async function workspacePageActor(slug: string, path: string) {
  const user = await requireSessionUser(`/w/${slug}${path}`);
  const workspace = await getMemberWorkspace(user.id, slug);
  if (!workspace) notFound();
  const actor: WorkspaceActor = { kind: "member", userId: user.id, workspaceId: workspace.id, role: workspace.role, db: scopedDb(workspace.id) };
  return { user, actor, workspace };
}
