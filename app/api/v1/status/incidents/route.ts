import { apiRoutes, defineRoute } from "@/lib/api/define-route";
import { createIncident } from "@/lib/status/create-incident";
import { listIncidents } from "@/lib/status/list-incidents";
import { createIncidentBody, listIncidentsQuery } from "@/lib/status/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  GET: defineRoute({ scope: "status:read", schemas: { query: listIncidentsQuery } }, ({ query }, ctx) => listIncidents(ctx.db, query)),
  POST: defineRoute({ scope: "status:write", schemas: { body: createIncidentBody }, status: 201 }, async ({ body }, ctx) => ({
    data: await createIncident(ctx, body),
  })),
});
