import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { createMonitor } from "@/lib/domain/monitors/create-monitor";
import { listMonitors } from "@/lib/domain/monitors/list-monitors";
import { monitorSchema } from "@/lib/domain/monitors/monitor-view";
import { createMonitorBody, listMonitorsQuery } from "@/lib/domain/monitors/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineRoute(
    {
      scope: "monitors:read",
      schemas: { query: listMonitorsQuery },
      operation: { id: "listMonitors", summary: "List monitors", description: "Oldest first, with each one's state and next check.", response: monitorSchema, paginated: true },
    },
    ({ query }, ctx) => listMonitors(ctx, query),
  ),
  POST: defineRoute(
    {
      scope: "monitors:write",
      schemas: { body: createMonitorBody },
      status: 201,
      operation: {
        id: "createMonitor",
        summary: "Add a monitor to a status component",
        description:
          "An HTTP(S) check, a TCP port check, or a heartbeat (the answer's `heartbeatUrl` is the secret address to call). Addresses follow the webhooks' rules: no private, loopback or link-local addresses unless the server sets MONITOR_ALLOW_PRIVATE_NETWORKS=true.",
        response: monitorSchema,
        errors: ["PLAN_LIMIT"],
      },
    },
    async ({ body }, ctx) => ({ data: await createMonitor(ctx, body) }),
  ),
});
