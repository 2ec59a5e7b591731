import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { createPost } from "@/lib/domain/posts/create-post";
import { listPosts } from "@/lib/domain/posts/list-posts";
import { createPostBody, listPostsQuery } from "@/lib/domain/posts/schemas";
import { postSchema } from "@/lib/domain/posts/view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineRoute(
    {
      scope: "posts:read",
      schemas: { query: listPostsQuery },
      operation: {
        id: "listPosts",
        summary: "List posts",
        description: "Filter by board, status, tag or words (`q`: every word must occur in the title or body, case-insensitive, the last one as a prefix; punctuation is ignored); sort newest, oldest or top.",
        response: postSchema,
        paginated: true,
      },
    },
    ({ query }, ctx) => listPosts(ctx.db, ctx, query),
  ),
  POST: defineRoute(
    {
      scope: "posts:write",
      schemas: { body: createPostBody },
      status: 201,
      operation: { id: "createPost", summary: "Create a post", description: "On a board of this workspace that is not archived (an archived one answers 409 naming `boardId`).", response: postSchema, errors: ["NOT_FOUND", "CONFLICT", "PLAN_LIMIT"] },
    },
    async ({ body }, ctx) => ({ data: await createPost(ctx, body) }),
  ),
});
