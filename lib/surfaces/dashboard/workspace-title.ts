import { getSessionUser } from "@/lib/surfaces/auth/session";
import { getMemberWorkspace } from "@/lib/domain/workspaces/list-user-workspaces";

/**
 * The workspace's name for page titles, or null for someone who is not a member (a title must
 * not reveal that a workspace exists). Shares the page's membership read (React's cache).
 */
export async function workspaceNameForTitle(slug: string): Promise<string | null> {
  const user = await getSessionUser();
  const workspace = user ? await getMemberWorkspace(user.id, slug) : null;
  return workspace?.name ?? null;
}
