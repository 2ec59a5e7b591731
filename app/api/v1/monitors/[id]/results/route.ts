import { z } from "zod";
import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { idParams } from "@/lib/surfaces/api/params";
import { reportProbeResult } from "@/lib/domain/monitors/report-probe-result";
import { probeResultBody } from "@/lib/domain/monitors/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  POST: defineRoute(
    {
      scope: "monitors:write",
      schemas: { params: idParams, body: probeResultBody },
      operation: {
        id: "reportMonitorResult",
        summary: "Report a check from a probe agent",
        description:
          "What `npm run probe` sends for each check it runs from its own place. A result is kept once per monitor, place and due time (a retry records nothing twice); the monitor's rule (`placesToDown`) decides how many places must fail together.",
        response: z.strictObject({ recorded: z.boolean() }).meta({ id: "MonitorResultReceipt" }),
      },
    },
    async ({ params, body }, ctx) => ({ data: await reportProbeResult(ctx, params.id, body) }),
  ),
});
