import { definePublicRoute, publicRoutes } from "@/lib/surfaces/public-api/define-public-route";
import { getPublicPost, publicPostDetailSchema } from "@/lib/domain/posts/get-post";
import { postParams } from "@/lib/surfaces/public-api/schemas";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoutes(
  definePublicRoute(
    {
      cache: "content",
      schemas: { params: postParams },
      operation: { id: "getPublicPost", summary: "Get a post of a public board", description: "With its board, roadmap item and first comments.", response: publicPostDetailSchema },
    },
    async ({ params }, ctx) => ({ data: await getPublicPost(ctx.db, ctx.audience, params.postId) }),
  ),
);
