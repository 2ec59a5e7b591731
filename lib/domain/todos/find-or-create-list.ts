import type { ScopedTx } from "@/lib/platform/db/scoped";

/**
 * The list with this exact name, created if it does not exist yet. Called under the workspace
 * lock (createWithinPlanLimit), so two requests naming the same new list run one after the other:
 * the second finds the list the first created instead of tripping over the unique name.
 */
export async function findOrCreateList(tx: ScopedTx, workspaceId: string, name: string) {
  const existing = await tx.todoList.findUnique({ where: { workspaceId_name: { workspaceId, name } } });
  return existing ?? tx.todoList.create({ data: { workspaceId, name } });
}
