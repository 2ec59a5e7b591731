import { definePublicRoute, publicRoutes } from "@/lib/public/define-public-route";
import { getPublicPost } from "@/lib/public/get-public-post";
import { postParams } from "@/lib/public/schemas";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoutes(
  definePublicRoute({ cache: "content", schemas: { params: postParams } }, async ({ params }, ctx) => ({
    data: await getPublicPost(ctx.db, params.postId),
  })),
);
