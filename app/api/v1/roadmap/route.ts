import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { createRoadmapItem } from "@/lib/domain/roadmap/create-roadmap-item";
import { getRoadmapItemView } from "@/lib/domain/roadmap/get-roadmap-item-view";
import { listRoadmapItems } from "@/lib/domain/roadmap/list-roadmap-items";
import { createRoadmapItemBody, listRoadmapQuery } from "@/lib/domain/roadmap/schemas";
import { roadmapItemSchema } from "@/lib/domain/roadmap/view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineRoute(
    {
      scope: "roadmap:read",
      schemas: { query: listRoadmapQuery },
      operation: { id: "listRoadmapItems", summary: "List roadmap items", description: "By position, each with its linked posts.", response: roadmapItemSchema, paginated: true },
    },
    ({ query }, ctx) => listRoadmapItems(ctx.db, ctx, query),
  ),
  POST: defineRoute(
    {
      scope: "roadmap:write",
      schemas: { body: createRoadmapItemBody },
      status: 201,
      operation: { id: "createRoadmapItem", summary: "Add a roadmap item", description: "At the end of its column (`stage`, default planned). Admins and owners.", response: roadmapItemSchema },
    },
    async ({ body }, ctx) => ({ data: await getRoadmapItemView(ctx.db, (await createRoadmapItem(ctx, body)).id) }),
  ),
});
