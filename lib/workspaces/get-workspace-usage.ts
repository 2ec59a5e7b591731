import { db } from "@/lib/db/client";

/** Row counts per resource, for the overview page and the plan's usage figures. */
export async function getWorkspaceUsage(workspaceId: string) {
  const where = { workspaceId };
  const [boards, posts, releaseNotes, statusComponents, incidents, todoItems, members, activeKeys] = await Promise.all([
    db.board.count({ where }),
    db.post.count({ where }),
    db.releaseNote.count({ where }),
    db.statusComponent.count({ where }),
    db.incident.count({ where: { ...where, resolvedAt: null } }),
    db.todoItem.count({ where }),
    db.membership.count({ where }),
    db.apiKey.count({ where: { ...where, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] } }),
  ]);
  return { boards, posts, releaseNotes, statusComponents, incidents, todoItems, members, activeKeys };
}
