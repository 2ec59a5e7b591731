import { db } from "@/lib/platform/db/client";
import { isUniqueViolation } from "@/lib/platform/db/errors";
import { fieldErrorsOf, type FormResult } from "@/lib/platform/forms/forms";
import { createWorkspaceSchema } from "./schemas";

export const SLUG_TAKEN_MESSAGE = "This slug is already taken. Choose another.";

/**
 * Creates a workspace with its creator as OWNER in one statement (a nested create), so a race
 * between two tabs for one slug leaves exactly one workspace and no orphaned rows.
 */
export async function createWorkspace(
  userId: string,
  input: { name: unknown; slug: unknown },
): Promise<FormResult<{ id: string; slug: string }>> {
  const parsed = createWorkspaceSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
  try {
    const workspace = await db.workspace.create({
      data: {
        name: parsed.data.name,
        slug: parsed.data.slug,
        memberships: { create: { userId, role: "OWNER" } },
      },
      select: { id: true, slug: true },
    });
    return { ok: true, data: workspace };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, fieldErrors: { slug: SLUG_TAKEN_MESSAGE } };
    throw error;
  }
}
