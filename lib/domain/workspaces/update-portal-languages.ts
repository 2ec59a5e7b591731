import { z } from "zod";
import { DomainError } from "@/lib/platform/core/errors";
import { zodDetails } from "@/lib/platform/core/zod-details";
import { db } from "@/lib/platform/db/client";
import { isRecordNotFound } from "@/lib/platform/db/errors";
import { WORKSPACE_GONE } from "@/lib/platform/db/scoped";
import { PORTAL_LOCALES, type PortalLanguages } from "@/lib/platform/i18n/locales";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";

const localeSchema = z.enum(PORTAL_LOCALES, { message: `Choose one of: ${PORTAL_LOCALES.join(", ")}.` });

export const updatePortalLanguagesSchema = z
  .strictObject({
    defaultLocale: localeSchema,
    locales: z.array(localeSchema).min(1, "Offer at least one language.").max(PORTAL_LOCALES.length),
  })
  .superRefine((value, context) => {
    if (!value.locales.includes(value.defaultLocale)) {
      context.addIssue({ code: "custom", path: ["locales"], message: "Offer the default language too." });
    }
  });

export type UpdatePortalLanguagesInput = z.input<typeof updatePortalLanguagesSchema>;

/**
 * The portal's default language (its unprefixed address) and the languages it offers (each
 * under its own segment). Admins and owners only. Stored in the portal's own order, without
 * duplicates; a language taken away makes its addresses answer 404.
 */
export async function updatePortalLanguages(actor: WorkspaceActor, input: UpdatePortalLanguagesInput): Promise<PortalLanguages> {
  authorize(actor, "settings.manage", "change the portal's languages");
  const parsed = updatePortalLanguagesSchema.safeParse(input);
  if (!parsed.success) throw new DomainError("VALIDATION_ERROR", "The portal languages are not valid.", zodDetails(parsed.error));
  const locales = PORTAL_LOCALES.filter((locale) => parsed.data.locales.includes(locale));
  try {
    // Workspace is the tenant itself, not a tenant-owned row: it is reached by the actor's own id.
    // The portal's languages are cached with its other answers: the workspace row's change is the
    // database's notice that drops them on every instance, and the server action drops its own at once.
    await db.workspace.update({
      where: { id: actor.workspaceId },
      data: { portalDefaultLocale: parsed.data.defaultLocale, portalLocales: locales },
      select: { id: true },
    });
    return { defaultLocale: parsed.data.defaultLocale, locales };
  } catch (error) {
    if (isRecordNotFound(error)) throw new DomainError("NOT_FOUND", WORKSPACE_GONE);
    throw error;
  }
}
