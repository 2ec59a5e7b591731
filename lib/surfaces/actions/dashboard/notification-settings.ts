"use server";

import { runWorkspaceAction } from "@/lib/surfaces/actions/workspace-action";
import { updateNotificationSettings, type NotificationSettings } from "@/lib/domain/workspaces/update-notification-settings";

/** The three notification switches; the role is checked again in the domain function. */
export async function updateNotificationSettingsAction(slug: string, input: NotificationSettings) {
  return runWorkspaceAction(slug, "updateNotificationSettingsAction", (actor) => updateNotificationSettings(actor, input), { layouts: [`/w/${slug}/settings`] });
}
