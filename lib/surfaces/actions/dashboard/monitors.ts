"use server";

import type { StaleAfterChange } from "@/lib/platform/cache/refresh-after-change";
import { runWorkspaceAction } from "@/lib/surfaces/actions/workspace-action";
import { createMonitor } from "@/lib/domain/monitors/create-monitor";
import { deleteMonitor } from "@/lib/domain/monitors/delete-monitor";
import { publishOutage } from "@/lib/domain/monitors/publish-outage";
import type { CreateMonitorInput, UpdateMonitorInput } from "@/lib/domain/monitors/schemas";
import { updateMonitor } from "@/lib/domain/monitors/update-monitor";

// The monitors' server actions: each the domain function of the same name, which checks the role.
// Publishing a draft changes the portal too (a new incident), so the portal's pages are refreshed.

function afterMonitorChange(slug: string): StaleAfterChange {
  return { layouts: [`/w/${slug}/status`, `/p/${slug}/status`], publicAnswersOf: slug };
}

export async function createMonitorAction(slug: string, input: CreateMonitorInput) {
  return runWorkspaceAction(slug, "createMonitorAction", (actor) => createMonitor(actor, input), afterMonitorChange(slug));
}

export async function updateMonitorAction(slug: string, id: string, input: UpdateMonitorInput) {
  return runWorkspaceAction(slug, "updateMonitorAction", (actor) => updateMonitor(actor, String(id), input), afterMonitorChange(slug));
}

export async function deleteMonitorAction(slug: string, id: string) {
  return runWorkspaceAction(slug, "deleteMonitorAction", (actor) => deleteMonitor(actor, String(id)), afterMonitorChange(slug));
}

export async function publishOutageAction(slug: string, id: string) {
  return runWorkspaceAction(slug, "publishOutageAction", (actor) => publishOutage(actor, String(id)), afterMonitorChange(slug));
}
