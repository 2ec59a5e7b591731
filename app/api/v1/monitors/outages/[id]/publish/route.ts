import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { idParams } from "@/lib/surfaces/api/params";
import { incidentDetailSchema } from "@/lib/domain/status/incident-view";
import { publishOutage } from "@/lib/domain/monitors/publish-outage";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  POST: defineRoute(
    {
      scope: "monitors:write",
      schemas: { params: idParams },
      status: 201,
      operation: {
        id: "publishMonitorOutage",
        summary: "Publish a monitor's draft incident",
        description: "Turns the outage a monitor found into a published incident (subscribers are mailed). 409 when it is published already or over.",
        response: incidentDetailSchema,
        errors: ["CONFLICT"],
      },
    },
    async ({ params }, ctx) => ({ data: await publishOutage(ctx, params.id) }),
  ),
});
