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
          "With `author`, the comment is that person's: by `email` (an account or SSO user that exists: 404 naming `email` otherwise) or by `externalId` (this workspace's SSO user with your app's id for them, made with the comment when the id is new); without it, the team's reply by the key's creator. Any board. A post merged into another answers 409 (comment on the one it was merged into); a deleted post 404.",
        response: createdCommentSchema,
        errors: ["CONFLICT"],
      },
    },
    async ({ params, body }, ctx) => ({ data: await createComment(ctx, params.id, body) }),
  ),
});
