import { z } from "zod";
import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { idSchema } from "@/lib/platform/core/schemas";
import { unlinkRoadmapPost } from "@/lib/domain/roadmap/unlink-roadmap-post";
import { postSchema } from "@/lib/domain/posts/view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  DELETE: defineRoute(
    {
      scope: "roadmap:write",
      schemas: { params: z.object({ id: idSchema, postId: idSchema }) },
      operation: { id: "unlinkRoadmapPost", summary: "Unlink a post from a roadmap item", description: "404 when the post is not linked to this item.", response: postSchema },
    },
    async ({ params }, ctx) => ({ data: await unlinkRoadmapPost(ctx, params.id, params.postId) }),
  ),
});
