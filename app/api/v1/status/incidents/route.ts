import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { createIncident } from "@/lib/domain/status/create-incident";
import { incidentDetailSchema, incidentSchema } from "@/lib/domain/status/incident-view";
import { listIncidents } from "@/lib/domain/status/list-incidents";
import { createIncidentBody, listIncidentsQuery } from "@/lib/domain/status/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineRoute(
    {
      scope: "status:read",
      schemas: { query: listIncidentsQuery },
      operation: { id: "listIncidents", summary: "List incidents", description: "Newest first, each with its latest update.", response: incidentSchema, paginated: true },
    },
    ({ query }, ctx) => listIncidents(ctx.db, query),
  ),
  POST: defineRoute(
    {
      scope: "status:write",
      schemas: { body: createIncidentBody },
      status: 201,
      operation: {
        id: "createIncident",
        summary: "Open an incident",
        description: "Sets the affected components' statuses and records the first update.",
        response: incidentDetailSchema,
        errors: ["NOT_FOUND"],
      },
    },
    async ({ body }, ctx) => ({ data: await createIncident(ctx, body) }),
  ),
});
