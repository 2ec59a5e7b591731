"use server";

import { guardAction } from "@/lib/surfaces/auth/guard-action";
import { refreshAfterChange } from "@/lib/platform/cache/refresh-after-change";
import { answerOutage, formFailureOf, SESSION_ENDED, type FormResult } from "@/lib/platform/forms/forms";
import { getWorkspaceActorOrThrow } from "@/lib/domain/access/actor";
import { updateNotificationSettings, type NotificationSettings } from "@/lib/domain/workspaces/update-notification-settings";

/** The three notification switches; the session and the role are checked again here and in the domain function. */
export async function updateNotificationSettingsAction(slug: string, input: NotificationSettings): Promise<FormResult<NotificationSettings>> {
  return answerOutage("updateNotificationSettingsAction", async (): Promise<FormResult<NotificationSettings>> => {
    const user = await guardAction();
    if (!user) return SESSION_ENDED;
    try {
      const actor = await getWorkspaceActorOrThrow(user.id, slug);
      const saved = await updateNotificationSettings(actor, input);
      refreshAfterChange({ layouts: [`/w/${slug}/settings`] });
      return { ok: true, data: saved };
    } catch (error) {
      return formFailureOf(error, "updateNotificationSettingsAction");
    }
  });
}
