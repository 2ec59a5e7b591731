import type { Post } from "@/lib/generated/prisma/client";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { countPostsByStatus } from "./count-posts-by-status";
import { listPostsAs, type PostListShape } from "./list-posts";
import type { ListPostsQuery } from "./schemas";
import { postView } from "./view";

type InboxRow = Post & { author: { name: string | null; email: string } | null };

// The inbox shows no post's body, and each row's author: the body is left unread (at 50 rows it
// was most of the bytes read), and the author comes in the same statement rather than a second
// query after the page.
const INBOX_LIST: PostListShape<InboxRow, ReturnType<typeof postView> & { author: InboxRow["author"] }> = {
  columns: `id, "workspaceId", "boardId", "authorId", "roadmapItemId", title, '' AS body, status::text AS status, tags,
    "voteCount", "commentCount", "mergedIntoId", "createdAt", "updatedAt",
    (SELECT json_build_object('name', u.name, 'email', u.email) FROM "User" u WHERE u.id = "Post"."authorId") AS author`,
  view: (row) => ({ ...postView(row), author: row.author ?? null }),
};

/**
 * The dashboard's posts inbox: one page of the same list and search the API's GET /posts gives
 * (lib/domain/posts/list-posts.ts, keyset cursor included), each post with its author's name, and the
 * count per status under the other filters.
 */
export async function listInbox(actor: WorkspaceActor, query: ListPostsQuery) {
  authorize(actor, "workspace.read", "read posts");
  const [page, counts] = await Promise.all([listPostsAs(actor.db, actor, query, [], INBOX_LIST), countPostsByStatus(actor.db, query)]);
  return { data: page.data, pagination: page.pagination, counts };
}
export type InboxPage = Awaited<ReturnType<typeof listInbox>>;
export type InboxPost = InboxPage["data"][number];
