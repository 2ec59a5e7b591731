import { apiRoutes, defineRoute, type ApiContext } from "@/lib/surfaces/api/define-route";
import { idParams } from "@/lib/surfaces/api/params";
import { getIncidentDetail } from "@/lib/domain/status/get-incident";
import { incidentDetailSchema } from "@/lib/domain/status/incident-view";
import { updateIncidentBody } from "@/lib/domain/status/schemas";
import { updateIncident } from "@/lib/domain/status/update-incident";

const currentIncident = ({ params }: { params: { id: string } }, ctx: ApiContext) => getIncidentDetail(ctx.db, ctx.workspaceId, params.id);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineRoute(
    {
      scope: "status:read",
      schemas: { params: idParams },
      operation: { id: "getIncident", summary: "Get an incident with its update timeline", response: incidentDetailSchema },
    },
    async (input, ctx) => ({ data: await currentIncident(input, ctx) }),
  ),
  PATCH: defineRoute(
    {
      scope: "status:write",
      schemas: { params: idParams, body: updateIncidentBody },
      operation: {
        id: "updateIncident",
        summary: "Post an incident update",
        description:
          "Appends an update (status, message, impact, component statuses). Status moves forward along `investigating → identified → monitoring → resolved`; `resolved` restores the affected components unless another active incident still affects them.",
        response: incidentDetailSchema,
        errors: ["CONFLICT"],
      },
      current: currentIncident,
    },
    async ({ params, body }, ctx) => ({ data: await updateIncident(ctx, params.id, body) }),
  ),
});
