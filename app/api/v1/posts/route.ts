import { apiRoutes, defineRoute } from "@/lib/api/define-route";
import { createPost } from "@/lib/posts/create-post";
import { listPosts } from "@/lib/posts/list-posts";
import { createPostBody, listPostsQuery } from "@/lib/posts/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  GET: defineRoute({ scope: "posts:read", schemas: { query: listPostsQuery } }, ({ query }, ctx) => listPosts(ctx.db, query)),
  POST: defineRoute({ scope: "posts:write", schemas: { body: createPostBody }, status: 201 }, async ({ body }, ctx) => ({
    data: await createPost(ctx, body),
  })),
});
