import { z } from "zod";
import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { createComments } from "@/lib/domain/comments/create-comments";
import { createCommentsBody, createdCommentSchema } from "@/lib/domain/comments/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  POST: defineRoute(
    {
      scope: "posts:write",
      schemas: { body: createCommentsBody },
      status: 201,
      operation: {
        id: "createComments",
        summary: "Comment on up to 100 posts at once, as the team or for people",
        description:
          "Each item is what `POST /posts/{id}/comments` takes plus its `postId`: with `author` (`email` or `externalId`, as there) that person's comment, without it the team's reply by the key's creator. All or nothing: one bad item refuses the whole batch, and each error detail names its item (`items.3.body`, `items.4.author.email` for an address without an account, `items.7.postId` for a post that does not exist (404) or was merged into another (409)). The answer lists the comments in the order sent.",
        response: z.array(createdCommentSchema),
        errors: ["NOT_FOUND", "CONFLICT"],
      },
    },
    async ({ body }, ctx) => ({ data: await createComments(ctx, body) }),
  ),
});
