import { Prisma } from "@/lib/generated/prisma/client";
import { LISTED_POSTS_SQL, publicBoardSql } from "@/lib/domain/access/visibility";

/**
 * The first step of every statement that adds to a post's votes or comments: lock the post row,
 * fenced to the workspace (and to public boards for visitors) and to posts not merged away.
 * Taking this lock first is what keeps counts exact next to a merge (lib/domain/posts/merge-posts.ts
 * locks both posts): a write that waited for a merge re-reads the post under the lock, finds it
 * merged and writes nothing, rather than adding to a post that was just closed.
 */
export function lockPostSql(workspaceId: string, postId: string, { publicOnly }: { publicOnly: boolean }) {
  return Prisma.sql`
    SELECT p.id FROM "Post" p JOIN "Board" b ON b.id = p."boardId"
    WHERE p.id = ${postId} AND p."workspaceId" = ${workspaceId} AND b."workspaceId" = ${workspaceId}
      AND (${publicBoardSql("b")} OR ${!publicOnly}) AND ${LISTED_POSTS_SQL}
    FOR NO KEY UPDATE OF p`;
}
