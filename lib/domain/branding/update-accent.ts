import { z } from "zod";
import { DomainError } from "@/lib/platform/core/errors";
import { zodDetails } from "@/lib/platform/core/zod-details";
import { db } from "@/lib/platform/db/client";
import { authorize, type WorkspaceActor } from "@/lib/domain/access/actor";
import { accentColorSchema } from "./accent";
import { BRANDING_SELECT, rethrowGone, type BrandingView } from "./branding-view";

export const updateAccentSchema = z.strictObject({ accentColor: accentColorSchema.nullable() });
export type UpdateAccentInput = z.input<typeof updateAccentSchema>;

/** Sets the portal's accent colour ("#rrggbb"), or clears it (null: the app's own indigo). Admins and owners. */
export async function updateAccentColor(actor: WorkspaceActor, input: UpdateAccentInput): Promise<BrandingView> {
  authorize(actor, "settings.manage", "change the portal's branding");
  const parsed = updateAccentSchema.safeParse(input);
  if (!parsed.success) throw new DomainError("VALIDATION_ERROR", "The accent colour is not valid.", zodDetails(parsed.error));
  // Workspace is the tenant itself, reached by the actor's own id.
  return db.workspace.update({ where: { id: actor.workspaceId }, data: { accentColor: parsed.data.accentColor }, select: BRANDING_SELECT }).catch(rethrowGone);
}
