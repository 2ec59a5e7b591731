import type { ScopedDb } from "@/lib/db/scoped";

/**
 * The `include` that counts a board's posts. Relation reads are not fenced by the scoped client
 * (it only sees the top-level query), so the count names the workspace itself.
 */
export function includePostCount(db: Pick<ScopedDb, "workspaceId">) {
  return { _count: { select: { posts: { where: { workspaceId: db.workspaceId } } } } } as const;
}
