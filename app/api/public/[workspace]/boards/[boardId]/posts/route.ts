import { definePublicRoute, publicRoutes } from "@/lib/public/define-public-route";
import { listPublicBoardPosts } from "@/lib/posts/list-posts";
import { boardParams, boardPostsQuery } from "@/lib/public/schemas";
import { publicPostSchema } from "@/lib/posts/view";

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
