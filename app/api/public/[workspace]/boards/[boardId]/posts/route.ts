import { definePublicRoute, publicRoutes } from "@/lib/surfaces/public-api/define-public-route";
import { listPublicBoardPosts } from "@/lib/domain/posts/list-posts";
import { boardParams } from "@/lib/surfaces/public-api/schemas";
import { boardPostsQuery } from "@/lib/domain/posts/schemas";
import { publicPostSchema } from "@/lib/domain/posts/view";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoutes(
  definePublicRoute(
    {
      cache: "content",
      schemas: { params: boardParams, query: boardPostsQuery },
      operation: { id: "listPublicBoardPosts", summary: "List a public board's posts", response: publicPostSchema, paginated: true },
    },
    ({ params, query }, ctx) => listPublicBoardPosts(ctx.db, ctx.audience, params.boardId, query),
  ),
);
