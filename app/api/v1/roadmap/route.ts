import { apiRoutes, defineRoute } from "@/lib/api/define-route";
import { listRoadmapItems } from "@/lib/roadmap/list-roadmap-items";
import { listRoadmapQuery } from "@/lib/roadmap/schemas";
import { roadmapItemSchema } from "@/lib/roadmap/view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineRoute(
    {
      scope: "roadmap:read",
      schemas: { query: listRoadmapQuery },
      operation: { id: "listRoadmapItems", summary: "List roadmap items", description: "By position, each with its linked posts.", response: roadmapItemSchema, paginated: true },
    },
    ({ query }, ctx) => listRoadmapItems(ctx.db, ctx, query),
  ),
});
