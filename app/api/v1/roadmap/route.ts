import { apiRoutes, defineRoute } from "@/lib/api/define-route";
import { listRoadmapItems } from "@/lib/roadmap/list-roadmap-items";
import { listRoadmapQuery } from "@/lib/roadmap/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  GET: defineRoute({ scope: "roadmap:read", schemas: { query: listRoadmapQuery } }, ({ query }, ctx) => listRoadmapItems(ctx.db, query)),
});
