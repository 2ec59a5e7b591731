import type * as actions from "@/app/(dashboard)/w/[slug]/status/actions";

/** The status page's server actions, handed down by the page (components never import them). */
export interface StatusActions {
  createComponent: typeof actions.createComponentAction;
  updateComponent: typeof actions.updateComponentAction;
  setComponentStatus: typeof actions.setComponentStatusAction;
  reorderComponents: typeof actions.reorderComponentsAction;
  deleteComponent: typeof actions.deleteComponentAction;
  createIncident: typeof actions.createIncidentAction;
  updateIncident: typeof actions.updateIncidentAction;
  scheduleMaintenance: typeof actions.scheduleMaintenanceAction;
  endMaintenance: typeof actions.endMaintenanceAction;
  cancelMaintenance: typeof actions.cancelMaintenanceAction;
}

/** The first message of a refusal, for a toast or a dialog. */
export function firstError(fieldErrors: Record<string, string>, fallback: string): string {
  return Object.values(fieldErrors)[0] ?? fallback;
}
