import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { deleteTag, renameTag } from "@/lib/domain/tags/change-tag";
import { renameTagBody, tagParams, tagViewSchema } from "@/lib/domain/tags/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  PATCH: defineRoute(
    {
      scope: "posts:write",
      schemas: { params: tagParams, body: renameTagBody },
      operation: {
        id: "renameTag",
        summary: "Rename a tag on every post",
        description:
          "Every post carrying `{tag}` (URL-encoded; any letter case) carries `name` instead, once, in the same place; each counts as edited (`version` and `updatedAt` move). One `tag.renamed` event. 404 when no post carries the tag.",
        response: tagViewSchema,
        errors: ["NOT_FOUND"],
      },
    },
    async ({ params, body }, ctx) => ({ data: await renameTag(ctx, params.tag, body) }),
  ),
  DELETE: defineRoute(
    {
      scope: "posts:write",
      schemas: { params: tagParams },
      operation: {
        id: "deleteTag",
        summary: "Take a tag off every post",
        description: "The posts stay; the answer counts those the tag was taken off. One `tag.deleted` event. 404 when no post carries the tag.",
        response: tagViewSchema,
        errors: ["NOT_FOUND"],
      },
    },
    async ({ params }, ctx) => ({ data: await deleteTag(ctx, params.tag) }),
  ),
});
