import type { FormAction, Resolved } from "@/lib/platform/forms/forms";
import type { cancelMaintenance } from "@/lib/domain/status/cancel-maintenance";
import type { createComponent } from "@/lib/domain/status/create-component";
import type { createIncident } from "@/lib/domain/status/create-incident";
import type { deleteComponent } from "@/lib/domain/status/delete-component";
import type { endMaintenance } from "@/lib/domain/status/end-maintenance";
import type { reorderComponents } from "@/lib/domain/status/reorder-components";
import type { scheduleMaintenance } from "@/lib/domain/status/schedule-maintenance";
import type {
  CreateComponentBody,
  CreateIncidentInput,
  ReorderComponentsBody,
  ScheduleMaintenanceInput,
  SetComponentStatusBody,
  UpdateComponentBody,
  UpdateIncidentInput,
} from "@/lib/domain/status/schemas";
import type { setComponentStatus } from "@/lib/domain/status/set-component-status";
import type { updateComponent } from "@/lib/domain/status/update-component";
import type { updateIncident } from "@/lib/domain/status/update-incident";

/** The status page's server actions, handed down by the page (components never import them). */
export interface StatusActions {
  createComponent: FormAction<[slug: string, input: CreateComponentBody], Resolved<typeof createComponent>>;
  updateComponent: FormAction<[slug: string, id: string, input: UpdateComponentBody], Resolved<typeof updateComponent>>;
  setComponentStatus: FormAction<[slug: string, id: string, input: SetComponentStatusBody], Resolved<typeof setComponentStatus>>;
  reorderComponents: FormAction<[slug: string, input: ReorderComponentsBody], Resolved<typeof reorderComponents>>;
  deleteComponent: FormAction<[slug: string, id: string], Resolved<typeof deleteComponent>>;
  createIncident: FormAction<[slug: string, input: CreateIncidentInput], Resolved<typeof createIncident>>;
  updateIncident: FormAction<[slug: string, id: string, input: UpdateIncidentInput], Resolved<typeof updateIncident>>;
  scheduleMaintenance: FormAction<[slug: string, input: ScheduleMaintenanceInput], Resolved<typeof scheduleMaintenance>>;
  endMaintenance: FormAction<[slug: string, id: string], Resolved<typeof endMaintenance>>;
  cancelMaintenance: FormAction<[slug: string, id: string], Resolved<typeof cancelMaintenance>>;
}

/** The first message of a refusal, for a toast or a dialog. */
export function firstError(fieldErrors: Record<string, string>, fallback: string): string {
  return Object.values(fieldErrors)[0] ?? fallback;
}
