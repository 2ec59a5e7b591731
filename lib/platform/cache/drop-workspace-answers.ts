import { db } from "@/lib/platform/db/client";
import { invalidateWorkspace } from "@/lib/platform/cache/response-cache";

/** Drops this process's cached public answers of the workspace with this id (looked up by its slug). */
export async function dropWorkspaceAnswers(workspaceId: string): Promise<void> {
  const workspace = await db.workspace.findUnique({ where: { id: workspaceId }, select: { slug: true } });
  if (workspace) invalidateWorkspace(workspace.slug);
}
