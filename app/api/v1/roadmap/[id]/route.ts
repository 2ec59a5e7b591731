import { apiRoutes, defineRoute, type ApiContext } from "@/lib/surfaces/api/define-route";
import { idParams } from "@/lib/surfaces/api/params";
import { deleteRoadmapItem } from "@/lib/domain/roadmap/delete-roadmap-item";
import { getRoadmapItemView } from "@/lib/domain/roadmap/get-roadmap-item-view";
import { updateRoadmapItemBody } from "@/lib/domain/roadmap/schemas";
import { updateRoadmapItem } from "@/lib/domain/roadmap/update-roadmap-item";
import { roadmapItemSchema } from "@/lib/domain/roadmap/view";
import { z } from "zod";

const currentItem = ({ params }: { params: { id: string } }, ctx: ApiContext) => getRoadmapItemView(ctx.db, params.id);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineRoute(
    { scope: "roadmap:read", schemas: { params: idParams }, operation: { id: "getRoadmapItem", summary: "Get a roadmap item with its linked posts", response: roadmapItemSchema } },
    async (input, ctx) => ({ data: await currentItem(input, ctx) }),
  ),
  PATCH: defineRoute(
    {
      scope: "roadmap:write",
      schemas: { params: idParams, body: updateRoadmapItemBody },
      operation: { id: "updateRoadmapItem", summary: "Rename or re-describe a roadmap item", description: "Admins and owners. Its place changes only by a move.", response: roadmapItemSchema },
      current: currentItem,
    },
    async ({ params, body }, ctx) => {
      await updateRoadmapItem(ctx, params.id, body);
      return { data: await getRoadmapItemView(ctx.db, params.id) };
    },
  ),
  DELETE: defineRoute(
    {
      scope: "roadmap:write",
      schemas: { params: idParams },
      operation: {
        id: "deleteRoadmapItem",
        summary: "Delete a roadmap item",
        description: "Admins and owners. Its linked posts stay, unlinked.",
        response: z.strictObject({ id: z.string() }).meta({ id: "DeletedRoadmapItem" }),
      },
      current: currentItem,
    },
    async ({ params }, ctx) => ({ data: await deleteRoadmapItem(ctx, params.id) }),
  ),
});
