import { z } from "zod";
import { validate } from "@/lib/platform/core/validate";
import { db } from "@/lib/platform/db/client";
import { isPortalLocale } from "@/lib/platform/i18n/locales";

export const POST_NOTIFICATION_LEVELS = ["ALL", "OWN_POSTS", "NONE"] as const;
export type PostNotificationLevel = (typeof POST_NOTIFICATION_LEVELS)[number];

const levelSchema = z.object({ level: z.enum(POST_NOTIFICATION_LEVELS, { message: "Choose one of: all updates, only posts I created, none." }) });

/** A visitor's choice of mail about posts in one workspace (no row: ALL). */
export async function getPostNotificationLevel(userId: string, workspaceId: string): Promise<PostNotificationLevel> {
  const row = await db.postNotificationPreference.findUnique({ where: { userId_workspaceId: { userId, workspaceId } }, select: { level: true } });
  return row?.level ?? "ALL";
}

/**
 * Sets a visitor's choice for one workspace: from their portal account page (signed in) or from a
 * mail's unsubscribe link (the signed token stands for the sign-in). `locale`, when given, is the
 * portal language they chose it in, and their mail's language from then on.
 */
export async function setPostNotificationLevel(userId: string, workspaceId: string, input: { level: unknown; locale?: string }) {
  const { level } = validate(levelSchema, { level: input.level }, "The choice is not valid.");
  const locale = isPortalLocale(input.locale) ? input.locale : undefined;
  await db.postNotificationPreference.upsert({
    where: { userId_workspaceId: { userId, workspaceId } },
    create: { userId, workspaceId, level, locale: locale ?? null },
    update: { level, ...(locale ? { locale } : {}) },
  });
  return { level };
}
