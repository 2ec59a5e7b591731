import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { idParams } from "@/lib/surfaces/api/params";
import { createComment } from "@/lib/domain/comments/create-comment";
import { createCommentBody, createdCommentSchema } from "@/lib/domain/comments/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  POST: defineRoute(
    {
      scope: "posts:write",
      schemas: { params: idParams, body: createCommentBody },
      status: 201,
      operation: {
        id: "createComment",
        summary: "Comment on a post, as the team or for a person",
        description:
          "With `author.email`, the comment is that person's (their account must exist: 404 naming `email` otherwise); without it, the team's reply by the key's creator. Any board. A post merged into another answers 409 (comment on the one it was merged into); a deleted post 404.",
        response: createdCommentSchema,
        errors: ["CONFLICT"],
      },
    },
    async ({ params, body }, ctx) => ({ data: await createComment(ctx, params.id, body) }),
  ),
});
