import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { listRoadmapItems } from "@/lib/domain/roadmap/list-roadmap-items";
import { listRoadmapQuery } from "@/lib/domain/roadmap/schemas";
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
});
