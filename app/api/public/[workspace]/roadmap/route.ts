import { definePublicRoute, publicRoutes } from "@/lib/surfaces/public-api/define-public-route";
import { listPublicRoadmap, publicRoadmapItemSchema } from "@/lib/domain/roadmap/list-roadmap-items";
import { workspaceParams } from "@/lib/surfaces/public-api/schemas";
import { roadmapQuery } from "@/lib/domain/roadmap/schemas";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoutes(
  definePublicRoute(
    {
      cache: "content",
      schemas: { params: workspaceParams, query: roadmapQuery },
      operation: { id: "listPublicRoadmap", summary: "List roadmap items", description: "By position, with linked posts on public boards.", response: publicRoadmapItemSchema, paginated: true },
    },
    ({ query }, ctx) => listPublicRoadmap(ctx.db, ctx.audience, query),
  ),
);
