import { definePublicRoute, publicRoutes } from "@/lib/surfaces/public-api/define-public-route";
import { listPublicIncidents, publicIncidentSchema } from "@/lib/domain/status/list-incidents";
import { workspaceParams } from "@/lib/surfaces/public-api/schemas";
import { incidentsQuery } from "@/lib/domain/status/schemas";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoutes(
  definePublicRoute(
    {
      cache: "status",
      schemas: { params: workspaceParams, query: incidentsQuery },
      operation: { id: "listPublicIncidents", summary: "List incidents", description: "Newest first, with their update timeline and affected components.", response: publicIncidentSchema, paginated: true },
    },
    ({ query }, ctx) => listPublicIncidents(ctx.db, query),
  ),
);
