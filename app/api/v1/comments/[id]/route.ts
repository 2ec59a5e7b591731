import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { idParams } from "@/lib/surfaces/api/params";
import { deletedCommentSchema, moderateCommentBody, moderatedCommentSchema } from "@/lib/domain/comments/schemas";
import { deleteComment, setCommentHidden } from "@/lib/domain/comments/moderate-comment";

// Moderation is for admins and owners, as in the dashboard: a key whose creator is a member holds
// posts:write but is refused here with 403 FORBIDDEN.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  PATCH: defineRoute(
    {
      scope: "posts:write",
      schemas: { params: idParams, body: moderateCommentBody },
      operation: {
        id: "moderateComment",
        summary: "Hide a comment from the portal, or show it again",
        description: "Admins and owners. A hidden comment stays for the team and leaves the post's `commentCount`. Hiding twice changes nothing.",
        response: moderatedCommentSchema,
        errors: ["CONFLICT"],
      },
    },
    async ({ params, body }, ctx) => ({ data: await setCommentHidden(ctx, params.id, body.hidden) }),
  ),
  DELETE: defineRoute(
    {
      scope: "posts:write",
      schemas: { params: idParams },
      operation: { id: "deleteComment", summary: "Delete a comment for good", description: "Admins and owners.", response: deletedCommentSchema, errors: ["CONFLICT"] },
    },
    async ({ params }, ctx) => ({ data: await deleteComment(ctx, params.id) }),
  ),
});
