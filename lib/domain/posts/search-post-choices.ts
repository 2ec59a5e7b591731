import type { PostStatus } from "@/lib/generated/prisma/enums";
import { LISTED_POSTS_SQL } from "@/lib/domain/access/visibility";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { listPosts } from "./list-posts";

export type PostChoice = { id: string; title: string; status: PostStatus; voteCount: number; roadmapItemId: string | null };

/**
 * A picker's search (link posts to a roadmap item or a release note): the inbox's title search,
 * most voted first, never a merged post. Text is bounded and cleaned like any other input.
 */
export async function searchPostChoices(actor: WorkspaceActor, q: unknown, limit = 8): Promise<PostChoice[]> {
  authorize(actor, "workspace.read", "search posts");
  const text = String(q ?? "").replaceAll("\u0000", "").toWellFormed().trim().slice(0, 200);
  const page = await listPosts(actor.db, actor, { q: text || undefined, sort: "top", limit }, [LISTED_POSTS_SQL]);
  return page.data.map(({ id, title, status, voteCount, roadmapItemId }) => ({ id, title, status, voteCount, roadmapItemId }));
}
