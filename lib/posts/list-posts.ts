import type { Prisma } from "@/lib/generated/prisma/client";
import type { ScopedDb } from "@/lib/db/scoped";
import { keysetArgs, toPage, type SortSpec } from "@/lib/api/pagination";
import type { ListPostsQuery } from "./schemas";
import { postView } from "./view";

export const POST_SORT_SPECS: Record<ListPostsQuery["sort"], SortSpec> = {
  newest: { name: "newest", field: "createdAt", direction: "desc", kind: "date" },
  oldest: { name: "oldest", field: "createdAt", direction: "asc", kind: "date" },
  top: { name: "top", field: "voteCount", direction: "desc", kind: "number" },
};

export function postFilters(query: Pick<ListPostsQuery, "boardId" | "status" | "tag" | "q">): Prisma.PostWhereInput {
  return {
    ...(query.boardId ? { boardId: query.boardId } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.tag ? { tags: { has: query.tag } } : {}),
    ...(query.q ? { title: { contains: query.q, mode: "insensitive" as const } } : {}),
  };
}

export async function listPosts(db: ScopedDb, query: ListPostsQuery) {
  const sort = POST_SORT_SPECS[query.sort];
  const page = keysetArgs(sort, query.cursor, query.limit);
  const rows = await db.post.findMany({
    where: { AND: [postFilters(query), page.where] },
    orderBy: page.orderBy,
    take: page.take,
  });
  return toPage(rows, sort, query.limit, postView);
}
