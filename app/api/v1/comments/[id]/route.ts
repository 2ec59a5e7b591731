import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { idParams } from "@/lib/surfaces/api/params";
import { deletedCommentSchema, moderateCommentBody, moderatedCommentSchema } from "@/lib/domain/comments/schemas";
import { deleteComment, setCommentHidden } from "@/lib/domain/comments/moderate-comment";
import { commentSchema, getComment } from "@/lib/domain/comments/get-comment";

// Moderation is for admins and owners, as in the dashboard: a key whose creator is a member holds
// posts:write but is refused here with 403 FORBIDDEN.
// GET answers the comment's ETag, which moderation and deletion take as If-Match.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineRoute(
    {
      scope: "posts:read",
      schemas: { params: idParams },
      operation: {
        id: "getComment",
        summary: "Get one comment",
        description: "Any comment of the workspace, hidden ones included (with `hiddenAt`), with an `ETag` for `If-Match` on `PATCH` and `DELETE`.",
        response: commentSchema,
      },
    },
    async ({ params }, ctx) => ({ data: await getComment(ctx.db, params.id) }),
  ),
  PATCH: defineRoute(
    {
      scope: "posts:write",
      schemas: { params: idParams, body: moderateCommentBody },
      current: ({ params }, ctx) => getComment(ctx.db, params.id),
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
      current: ({ params }, ctx) => getComment(ctx.db, params.id),
      operation: { id: "deleteComment", summary: "Delete a comment for good", description: "Admins and owners.", response: deletedCommentSchema, errors: ["CONFLICT"] },
    },
    async ({ params }, ctx) => ({ data: await deleteComment(ctx, params.id) }),
  ),
});
