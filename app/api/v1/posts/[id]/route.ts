import { apiRoutes, defineRoute } from "@/lib/api/define-route";
import { idParams } from "@/lib/api/params";
import { getPostWithActivity } from "@/lib/posts/get-post";
import { updatePostBody } from "@/lib/posts/schemas";
import { updatePost } from "@/lib/posts/update-post";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  GET: defineRoute({ scope: "posts:read", schemas: { params: idParams } }, async ({ params }, ctx) => ({
    data: await getPostWithActivity(ctx.db, params.id),
  })),
  PATCH: defineRoute({ scope: "posts:write", schemas: { params: idParams, body: updatePostBody } }, async ({ params, body }, ctx) => ({
    data: await updatePost(ctx, params.id, body),
  })),
});
