import { definePublicRoute, publicRoutes } from "@/lib/public/define-public-route";
import { listPublicRoadmap } from "@/lib/public/list-public-roadmap";
import { roadmapQuery, workspaceParams } from "@/lib/public/schemas";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoutes(
  definePublicRoute({ cache: "content", schemas: { params: workspaceParams, query: roadmapQuery } }, ({ query }, ctx) =>
    listPublicRoadmap(ctx.db, query),
  ),
);
