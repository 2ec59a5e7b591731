import { z } from "zod";
import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { createPosts } from "@/lib/domain/posts/create-posts";
import { createPostsBody } from "@/lib/domain/posts/schemas";
import { postSchema } from "@/lib/domain/posts/view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  POST: defineRoute(
    {
      scope: "posts:write",
      schemas: { body: createPostsBody },
      status: 201,
      operation: {
        id: "createPosts",
        summary: "Create up to 100 posts at once",
        description:
          "All or nothing: one bad item refuses the whole batch, and each error detail names its item (`items.3.title`, `items.7.boardId` for a board that does not exist (404) or is archived (409)). The answer lists the posts in the order sent. The Free plan's post limit counts the whole batch.",
        response: z.array(postSchema),
        errors: ["NOT_FOUND", "CONFLICT", "PLAN_LIMIT"],
      },
    },
    async ({ body }, ctx) => ({ data: await createPosts(ctx, body) }),
  ),
});
