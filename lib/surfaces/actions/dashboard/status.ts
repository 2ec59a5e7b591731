"use server";

import type { StaleAfterChange } from "@/lib/platform/cache/refresh-after-change";
import { runWorkspaceAction } from "@/lib/surfaces/actions/workspace-action";
import { cancelMaintenance } from "@/lib/domain/status/cancel-maintenance";
import { createComponent } from "@/lib/domain/status/create-component";
import { createIncident } from "@/lib/domain/status/create-incident";
import { deleteComponent } from "@/lib/domain/status/delete-component";
import { endMaintenance } from "@/lib/domain/status/end-maintenance";
import { reorderComponents } from "@/lib/domain/status/reorder-components";
import { scheduleMaintenance } from "@/lib/domain/status/schedule-maintenance";
import type {
  CreateComponentBody,
  CreateIncidentInput,
  ReorderComponentsBody,
  ScheduleMaintenanceInput,
  SetComponentStatusBody,
  UpdateComponentBody,
  UpdateIncidentInput,
} from "@/lib/domain/status/schemas";
import { setComponentStatus } from "@/lib/domain/status/set-component-status";
import { updateComponent } from "@/lib/domain/status/update-component";
import { updateIncident } from "@/lib/domain/status/update-incident";

// The status page's server actions: each one is the domain function behind the same name, which
// checks `status.manage` itself. A change re-renders the dashboard's status pages and drops this
// instance's cached public answers (status JSON, badge), so the portal follows at once.

function afterStatusChange(slug: string): StaleAfterChange {
  return { layouts: [`/w/${slug}/status`, `/p/${slug}/status`], publicAnswersOf: slug };
}

export async function createComponentAction(slug: string, input: CreateComponentBody) {
  return runWorkspaceAction(slug, "createComponentAction", (actor) => createComponent(actor, input), afterStatusChange(slug));
}

export async function updateComponentAction(slug: string, id: string, input: UpdateComponentBody) {
  return runWorkspaceAction(slug, "updateComponentAction", (actor) => updateComponent(actor, String(id), input), afterStatusChange(slug));
}

export async function setComponentStatusAction(slug: string, id: string, input: SetComponentStatusBody) {
  return runWorkspaceAction(slug, "setComponentStatusAction", (actor) => setComponentStatus(actor, String(id), input), afterStatusChange(slug));
}

export async function reorderComponentsAction(slug: string, input: ReorderComponentsBody) {
  return runWorkspaceAction(slug, "reorderComponentsAction", (actor) => reorderComponents(actor, input), afterStatusChange(slug));
}

export async function deleteComponentAction(slug: string, id: string) {
  return runWorkspaceAction(slug, "deleteComponentAction", (actor) => deleteComponent(actor, String(id)), afterStatusChange(slug));
}

export async function createIncidentAction(slug: string, input: CreateIncidentInput) {
  return runWorkspaceAction(slug, "createIncidentAction", (actor) => createIncident(actor, input), afterStatusChange(slug));
}

export async function updateIncidentAction(slug: string, id: string, input: UpdateIncidentInput) {
  return runWorkspaceAction(slug, "updateIncidentAction", (actor) => updateIncident(actor, String(id), input), afterStatusChange(slug));
}

export async function scheduleMaintenanceAction(slug: string, input: ScheduleMaintenanceInput) {
  return runWorkspaceAction(slug, "scheduleMaintenanceAction", (actor) => scheduleMaintenance(actor, input), afterStatusChange(slug));
}

export async function endMaintenanceAction(slug: string, id: string) {
  return runWorkspaceAction(slug, "endMaintenanceAction", (actor) => endMaintenance(actor, String(id)), afterStatusChange(slug));
}

export async function cancelMaintenanceAction(slug: string, id: string) {
  return runWorkspaceAction(slug, "cancelMaintenanceAction", (actor) => cancelMaintenance(actor, String(id)), afterStatusChange(slug));
}
