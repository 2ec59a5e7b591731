import { notFound } from "next/navigation";
import { getSessionUser, requireSessionUser } from "@/lib/surfaces/auth/session";
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
  return { user, actor: memberActor(user.id, workspace), workspace };
}

function memberActor(userId: string, workspace: { id: string; role: WorkspaceActor["role"] }): WorkspaceActor {
  return { kind: "member", userId, workspaceId: workspace.id, role: workspace.role, db: scopedDb(workspace.id) };
}

/** For page metadata: the signed-in member as an actor, or null (signed out, not a member). */
export async function workspaceActorIfMember(slug: string): Promise<WorkspaceActor | null> {
  const user = await getSessionUser();
  const workspace = user ? await getMemberWorkspace(user.id, slug) : null;
  return user && workspace ? memberActor(user.id, workspace) : null;
}
