import { z } from "zod";
import { DomainError } from "@/lib/platform/core/errors";
import { zodDetails } from "@/lib/platform/core/zod-details";
import { db } from "@/lib/platform/db/client";
import { isRecordNotFound } from "@/lib/platform/db/errors";
import { WORKSPACE_GONE } from "@/lib/platform/db/scoped";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";

export const notificationSettingsSchema = z.strictObject({
  notifyPostUpdates: z.boolean({ message: "Choose on or off." }),
  notifyStatusSubscribers: z.boolean({ message: "Choose on or off." }),
  notifyChangelogSubscribers: z.boolean({ message: "Choose on or off." }),
});

export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/**
 * The workspace's switches for each kind of notification mail: to a post's people, to status-page
 * subscribers, to changelog subscribers. Off, the mail is not sent, and each person it would have
 * gone to is recorded as suppressed by the workspace's setting. Admins and owners only.
 */
export async function updateNotificationSettings(actor: WorkspaceActor, input: unknown): Promise<NotificationSettings> {
  authorize(actor, "settings.manage", "change the workspace's notification settings");
  const parsed = notificationSettingsSchema.safeParse(input);
  if (!parsed.success) throw new DomainError("VALIDATION_ERROR", "The notification settings are not valid.", zodDetails(parsed.error));
  try {
    // Workspace is the tenant itself, not a tenant-owned row: it is reached by the actor's own id.
    return await db.workspace.update({
      where: { id: actor.workspaceId },
      data: parsed.data,
      select: { notifyPostUpdates: true, notifyStatusSubscribers: true, notifyChangelogSubscribers: true },
    });
  } catch (error) {
    if (isRecordNotFound(error)) throw new DomainError("NOT_FOUND", WORKSPACE_GONE);
    throw error;
  }
}
