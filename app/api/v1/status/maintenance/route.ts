import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { maintenanceSchema } from "@/lib/domain/status/maintenance-view";
import { scheduleMaintenance } from "@/lib/domain/status/schedule-maintenance";
import { scheduleMaintenanceBody } from "@/lib/domain/status/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  POST: defineRoute(
    {
      scope: "status:write",
      schemas: { body: scheduleMaintenanceBody },
      status: 201,
      operation: {
        id: "scheduleMaintenance",
        summary: "Schedule a maintenance window",
        description: "Its components read `under_maintenance` from `startsAt` to `endsAt` (a start in the past starts now). A component that does not exist answers 404 naming `componentIds`.",
        response: maintenanceSchema,
        errors: ["NOT_FOUND"],
      },
    },
    // The use case validates its input again (the dashboard calls it with the form's text), so the times go back as text.
    async ({ body }, ctx) => ({ data: await scheduleMaintenance(ctx, { ...body, startsAt: body.startsAt.toISOString(), endsAt: body.endsAt.toISOString() }) }),
  ),
});
