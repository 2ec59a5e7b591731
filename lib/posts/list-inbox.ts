import { authorize, type WorkspaceActor } from "@/lib/workspaces/actor";
import { countPostsByStatus } from "./count-posts-by-status";
import { listPosts } from "./list-posts";
import type { ListPostsQuery } from "./schemas";

/**
 * The dashboard's posts inbox: one page of the same list and search the API's GET /posts gives
 * (lib/posts/list-posts.ts, keyset cursor included), each post with its author's name, and the
 * count per status under the other filters.
 */
export async function listInbox(actor: WorkspaceActor, query: ListPostsQuery) {
  authorize(actor, "workspace.read", "read posts");
  const [page, counts] = await Promise.all([listPosts(actor.db, actor, query), countPostsByStatus(actor.db, query)]);
  const authors = await actor.db.post.findMany({
    where: { id: { in: page.data.map((post) => post.id) } },
    select: { id: true, author: { select: { name: true, email: true } } },
  });
  const authorOf = new Map(authors.map((row) => [row.id, row.author]));
  return {
    data: page.data.map((post) => ({ ...post, author: authorOf.get(post.id) ?? null })),
    pagination: page.pagination,
    counts,
  };
}
export type InboxPage = Awaited<ReturnType<typeof listInbox>>;
export type InboxPost = InboxPage["data"][number];
