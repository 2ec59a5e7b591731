import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { idParams } from "@/lib/surfaces/api/params";
import { setPostRoadmapItem } from "@/lib/domain/posts/set-post-roadmap-item";
import { postSchema } from "@/lib/domain/posts/view";
import { linkPostBody } from "@/lib/domain/roadmap/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  POST: defineRoute(
    {
      scope: "roadmap:write",
      schemas: { params: idParams, body: linkPostBody },
      operation: {
        id: "linkRoadmapPost",
        summary: "Link a post to a roadmap item",
        description: "A post belongs to at most one item: linking it here moves it from any other. Linking it again changes nothing.",
        response: postSchema,
      },
    },
    async ({ params, body }, ctx) => ({ data: await setPostRoadmapItem(ctx, body.postId, params.id) }),
  ),
});
