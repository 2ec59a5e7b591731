import { z } from "zod";
import { apiRoutes, defineRoute } from "@/lib/api/define-route";
import { idSchema } from "@/lib/core/schemas";
import { unlinkRoadmapPost } from "@/lib/roadmap/unlink-roadmap-post";
import { postSchema } from "@/lib/posts/view";

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
