import { apiRoutes, defineRoute, type ApiContext } from "@/lib/surfaces/api/define-route";
import { idParams } from "@/lib/surfaces/api/params";
import { getPostWithActivity, postWithActivitySchema } from "@/lib/domain/posts/get-post";
import { updatePostBody } from "@/lib/domain/posts/schemas";
import { updatePost } from "@/lib/domain/posts/update-post";
import { postSchema } from "@/lib/domain/posts/view";

// The post as GET answers it: what If-Match on PATCH is compared with.
const currentPost = ({ params }: { params: { id: string } }, ctx: ApiContext) => getPostWithActivity(ctx.db, ctx, params.id);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineRoute(
    {
      scope: "posts:read",
      schemas: { params: idParams },
      operation: { id: "getPost", summary: "Get a post with its votes and comments", response: postWithActivitySchema },
    },
    async (input, ctx) => ({ data: await currentPost(input, ctx) }),
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
      current: currentPost,
    },
    async ({ params, body }, ctx) => ({ data: await updatePost(ctx, params.id, body) }),
  ),
});
