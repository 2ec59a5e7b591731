import { definePublicRoute, publicRoutes } from "@/lib/public/define-public-route";
import { listPublicIncidents } from "@/lib/public/list-public-incidents";
import { incidentsQuery, workspaceParams } from "@/lib/public/schemas";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoutes(
  definePublicRoute({ cache: "status", schemas: { params: workspaceParams, query: incidentsQuery } }, ({ query }, ctx) =>
    listPublicIncidents(ctx.db, query),
  ),
);
