import { definePublicRoute, publicRoutes } from "@/lib/surfaces/public-api/define-public-route";
import { getStatusSummary, statusSummarySchema } from "@/lib/domain/status/get-status-summary";
import { workspaceParams } from "@/lib/surfaces/public-api/schemas";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoutes(
  definePublicRoute(
    {
      cache: "status",
      schemas: { params: workspaceParams },
      operation: {
        id: "getStatuspageSummary",
        summary: "Status in Atlassian Statuspage's v2 summary shape",
        description:
          "`page`, `status` (indicator `none`, `minor`, `major`, `critical` or `maintenance`), `components`, unresolved `incidents` with their updates, and `scheduled_maintenances`: what aggregators and widgets written for Statuspage's `/api/v2/summary.json` read. Not in our envelope.",
        response: statusSummarySchema,
        bare: true,
      },
    },
    async (_input, ctx) => {
      const { summary, validUntil } = await getStatusSummary(ctx.db, ctx.workspace, ctx.origin);
      return { body: JSON.stringify(summary), contentType: "application/json; charset=utf-8", validUntil };
    },
  ),
);
