import { z } from "zod";
import { DomainError } from "@/lib/platform/core/errors";
import { zodDetails } from "@/lib/platform/core/zod-details";
import { db } from "@/lib/platform/db/client";
import { isRecordNotFound, isUniqueViolation } from "@/lib/platform/db/errors";
import { WORKSPACE_GONE } from "@/lib/platform/db/scoped";
import { requireRole, type WorkspaceActor } from "@/lib/domain/access/actor";
import { SLUG_TAKEN_MESSAGE } from "./create-workspace";
import { slugSchema, workspaceNameSchema } from "./schemas";

export const updateWorkspaceSchema = z
  .strictObject({
    name: workspaceNameSchema.optional(),
    slug: slugSchema.optional(),
    portalPublished: z.boolean({ message: "Choose published or not published." }).optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: "Change at least one of: name, slug, portal.",
  });

export type UpdateWorkspaceInput = z.input<typeof updateWorkspaceSchema>;

export interface WorkspaceSettingsView {
  name: string;
  slug: string;
  portalPublished: boolean;
}

/**
 * Renames the workspace, changes its slug (same rules as at creation) or publishes its portal.
 * Admins and owners only. The slug's uniqueness is left to the unique index, so two workspaces
 * racing for one slug end with one winner and a field error for the other, never a 500.
 */
export async function updateWorkspace(actor: WorkspaceActor, input: UpdateWorkspaceInput): Promise<WorkspaceSettingsView> {
  requireRole(actor, "ADMIN", "change workspace settings");
  const parsed = updateWorkspaceSchema.safeParse(input);
  if (!parsed.success) throw new DomainError("VALIDATION_ERROR", "The settings are not valid.", zodDetails(parsed.error));
  try {
    // Workspace is the tenant itself, not a tenant-owned row: it is reached by the actor's own id.
    return await db.workspace.update({
      where: { id: actor.workspaceId },
      data: parsed.data,
      select: { name: true, slug: true, portalPublished: true },
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("CONFLICT", SLUG_TAKEN_MESSAGE, [{ path: "slug", message: SLUG_TAKEN_MESSAGE, code: "conflict" }]);
    if (isRecordNotFound(error)) throw new DomainError("NOT_FOUND", WORKSPACE_GONE);
    throw error;
  }
}
