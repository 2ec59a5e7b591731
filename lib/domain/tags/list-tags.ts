import { db } from "@/lib/platform/db/client";
import type { WorkspaceActor } from "@/lib/domain/access/actor";
import type { TagView } from "./schemas";

/**
 * Tags live on posts (a post carries up to ten), so the list is read from them: every tag in use
 * in the workspace with how many posts carry it, most used first. One pass over the workspace's
 * posts (about a second at a million), so the answer is capped rather than paged.
 */
export const TAGS_LIST_CAP = 1_000;

export async function listTags(actor: Pick<WorkspaceActor, "workspaceId">): Promise<TagView[]> {
  const rows = await db.$queryRaw<{ name: string; postCount: number }[]>`
    SELECT tag AS name, count(*)::int AS "postCount"
    FROM "Post", unnest(tags) AS tag
    WHERE "workspaceId" = ${actor.workspaceId}
    GROUP BY tag
    ORDER BY count(*) DESC, tag
    LIMIT ${TAGS_LIST_CAP}`;
  return rows;
}
