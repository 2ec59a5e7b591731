import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { idParams } from "@/lib/surfaces/api/params";
import { getRoadmapItemView } from "@/lib/domain/roadmap/get-roadmap-item-view";
import { moveRoadmapItem } from "@/lib/domain/roadmap/move-roadmap-item";
import { moveRoadmapItemBody } from "@/lib/domain/roadmap/schemas";
import { roadmapItemSchema } from "@/lib/domain/roadmap/view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  POST: defineRoute(
    {
      scope: "roadmap:write",
      schemas: { params: idParams, body: moveRoadmapItemBody },
      operation: {
        id: "moveRoadmapItem",
        summary: "Move a roadmap item within or across columns",
        description:
          "Admins and owners. `beforeId` is the item it now sits above in `stage`, or null for the end of the column; a `beforeId` no longer in that column answers 409 and nothing moves. Linked posts keep their status.",
        response: roadmapItemSchema,
        errors: ["CONFLICT"],
      },
    },
    async ({ params, body }, ctx) => {
      await moveRoadmapItem(ctx, params.id, body);
      return { data: await getRoadmapItemView(ctx.db, params.id) };
    },
  ),
});
