import type { Post } from "@/lib/generated/prisma/client";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { countPostsByStatus } from "./count-posts-by-status";
import { listPostsAs, type PostListShape } from "./list-posts";
import type { ListPostsQuery } from "./schemas";
import { postView } from "./view";
import { SPEND_SORT, VOTER_SPEND_SQL } from "./voter-spend";

export interface InboxCompany {
  name: string;
  monthlySpend: number;
}
type InboxAuthor = { name: string | null; email: string; sso: boolean; companies: InboxCompany[] };
type InboxRow = Post & { author: InboxAuthor | null; voterSpend: number };

// The inbox shows no post's body, and each row's author: the body is left unread (at 50 rows it
// was most of the bytes read), and the author comes in the same statement rather than a second
// query after the page. An SSO user's author cell shows the address their token gave (their row's
// own is a placeholder) and their companies; every row, what its voters' companies pay.
const INBOX_LIST: PostListShape<InboxRow, ReturnType<typeof postView> & { author: InboxAuthor | null; voterSpend: number }> = {
  columns: `id, "workspaceId", "boardId", "authorId", "roadmapItemId", title, '' AS body, status::text AS status, tags,
    "voteCount", "commentCount", "mergedIntoId", "createdAt", "updatedAt",
    (SELECT json_build_object(
        'name', u.name,
        'email', CASE WHEN u."ssoWorkspaceId" IS NULL THEN u.email ELSE COALESCE(u."ssoEmail", '') END,
        'sso', u."ssoWorkspaceId" IS NOT NULL,
        'companies', (SELECT COALESCE(json_agg(json_build_object('name', c.name, 'monthlySpend', c."monthlySpend") ORDER BY c."monthlySpend" DESC), '[]'::json)
          FROM "SsoUserCompany" uc JOIN "SsoCompany" c ON c.id = uc."companyId" WHERE uc."userId" = u.id))
      FROM "User" u WHERE u.id = "Post"."authorId") AS author,
    ${VOTER_SPEND_SQL} AS "voterSpend"`,
  view: (row) => ({ ...postView(row), author: row.author ?? null, voterSpend: Number(row.voterSpend ?? 0) }),
};

export type InboxSort = ListPostsQuery["sort"] | "spend";

/**
 * The dashboard's posts inbox: one page of the same list and search the API's GET /posts gives
 * (lib/domain/posts/list-posts.ts, keyset cursor included), each post with its author's name, and the
 * count per status under the other filters. `sort: "spend"` (the inbox's own) puts first the posts
 * whose voters' companies pay the most.
 */
export async function listInbox(actor: WorkspaceActor, query: ListPostsQuery, sort: InboxSort = query.sort) {
  authorize(actor, "workspace.read", "read posts");
  const [page, counts] = await Promise.all([
    listPostsAs(actor.db, actor, query, [], INBOX_LIST, sort === "spend" ? SPEND_SORT : undefined),
    countPostsByStatus(actor.db, query),
  ]);
  return { data: page.data, pagination: page.pagination, counts };
}
export type InboxPage = Awaited<ReturnType<typeof listInbox>>;
export type InboxPost = InboxPage["data"][number];
