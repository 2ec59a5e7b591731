import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { idParams } from "@/lib/surfaces/api/params";
import { getPostWithActivity, postWithActivitySchema } from "@/lib/domain/posts/get-post";
import { updatePostBody } from "@/lib/domain/posts/schemas";
import { updatePost } from "@/lib/domain/posts/update-post";
import { postSchema } from "@/lib/domain/posts/view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineRoute(
    {
      scope: "posts:read",
      schemas: { params: idParams },
      operation: { id: "getPost", summary: "Get a post with its votes and comments", response: postWithActivitySchema },
    },
    async ({ params }, ctx) => ({ data: await getPostWithActivity(ctx.db, ctx, params.id) }),
  ),
  PATCH: defineRoute(
    {
      scope: "posts:write",
      schemas: { params: idParams, body: updatePostBody },
      operation: {
        id: "updatePost",
        summary: "Change a post's title, body, tags or status",
        description:
          "Status moves forward along `open → under_review → planned → in_progress → completed` (skipping is fine), `closed` from any state, and `closed → open`; anything else is a 400 naming the allowed targets.",
        response: postSchema,
        errors: ["CONFLICT"],
      },
    },
    async ({ params, body }, ctx) => ({ data: await updatePost(ctx, params.id, body) }),
  ),
});
