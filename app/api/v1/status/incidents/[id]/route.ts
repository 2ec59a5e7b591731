import { apiRoutes, defineRoute } from "@/lib/api/define-route";
import { idParams } from "@/lib/api/params";
import { getIncidentDetail } from "@/lib/status/get-incident";
import { updateIncidentBody } from "@/lib/status/schemas";
import { updateIncident } from "@/lib/status/update-incident";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  GET: defineRoute({ scope: "status:read", schemas: { params: idParams } }, async ({ params }, ctx) => ({
    data: await getIncidentDetail(ctx.db, ctx.workspaceId, params.id),
  })),
  PATCH: defineRoute({ scope: "status:write", schemas: { params: idParams, body: updateIncidentBody } }, async ({ params, body }, ctx) => ({
    data: await updateIncident(ctx, params.id, body),
  })),
});
