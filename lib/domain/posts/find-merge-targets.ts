import { sqlFragment } from "@/lib/platform/core/sql-fragment";
import type { PostStatus } from "@/lib/generated/prisma/enums";
import { LISTED_POSTS_SQL } from "@/lib/domain/access/visibility";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { listPosts } from "./list-posts";

export type MergeCandidate = { id: string; title: string; status: PostStatus; voteCount: number; commentCount: number; boardId: string };

/**
 * Posts `postId` could be merged into, best voted first: the same search as the inbox, never the
 * post itself nor one already merged away. The search text is cleaned and cut to 200 characters.
 */
export async function findMergeTargets(actor: WorkspaceActor, postId: string, q: unknown): Promise<MergeCandidate[]> {
  authorize(actor, "posts.merge", "merge posts");
  const text = String(q ?? "").replaceAll("\u0000", "").toWellFormed().trim().slice(0, 200);
  const page = await listPosts(actor.db, actor, { q: text || undefined, sort: "top", limit: 8 }, [LISTED_POSTS_SQL, sqlFragment`id <> ${postId}`]);
  return page.data.map(({ id, title, status, voteCount, commentCount, boardId }) => ({ id, title, status, voteCount, commentCount, boardId }));
}
