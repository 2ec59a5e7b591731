import { z } from "zod";
import { apiRoutes, defineRoute, type ApiContext } from "@/lib/surfaces/api/define-route";
import { idParams } from "@/lib/surfaces/api/params";
import { deleteMonitor } from "@/lib/domain/monitors/delete-monitor";
import { getMonitorOrThrow } from "@/lib/domain/monitors/get-monitor";
import { monitorSchema, monitorView } from "@/lib/domain/monitors/monitor-view";
import { updateMonitorBody } from "@/lib/domain/monitors/schemas";
import { updateMonitor } from "@/lib/domain/monitors/update-monitor";

const currentMonitor = async ({ params }: { params: { id: string } }, ctx: ApiContext) => monitorView(await getMonitorOrThrow(ctx.db, params.id));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineRoute(
    { scope: "monitors:read", schemas: { params: idParams }, operation: { id: "getMonitor", summary: "Get a monitor", response: monitorSchema } },
    async (input, ctx) => ({ data: await currentMonitor(input, ctx) }),
  ),
  PATCH: defineRoute(
    {
      scope: "monitors:write",
      schemas: { params: idParams, body: updateMonitorBody },
      operation: { id: "updateMonitor", summary: "Change a monitor", description: "Any field but its kind and component. A new interval moves the next check.", response: monitorSchema },
      current: currentMonitor,
    },
    async ({ params, body }, ctx) => ({ data: await updateMonitor(ctx, params.id, body) }),
  ),
  DELETE: defineRoute(
    {
      scope: "monitors:write",
      schemas: { params: idParams },
      operation: { id: "deleteMonitor", summary: "Delete a monitor", description: "With its results. The component keeps its current status.", response: z.strictObject({ id: z.string() }).meta({ id: "DeletedMonitor" }) },
      current: currentMonitor,
    },
    async ({ params }, ctx) => ({ data: await deleteMonitor(ctx, params.id) }),
  ),
});
