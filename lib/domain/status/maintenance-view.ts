import { z } from "zod";
import { idField, timestampField } from "@/lib/platform/core/fields";

/** A maintenance window as the API answers it (maintenanceView in maintenance-schedule.ts). */
export const maintenanceSchema = z
  .strictObject({
    id: idField,
    title: z.string(),
    message: z.string(),
    state: z.enum(["upcoming", "in_progress", "completed"]).meta({ description: "From its times, as of the answer." }),
    startsAt: timestampField,
    endsAt: timestampField,
    components: z.array(z.strictObject({ id: idField, name: z.string() })),
    createdAt: timestampField,
    updatedAt: timestampField,
  })
  .meta({ id: "Maintenance" });
