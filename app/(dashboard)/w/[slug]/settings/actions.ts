"use server";

import { revalidatePath } from "next/cache";
import { guardAction } from "@/lib/auth/guard-action";
import { formFailureOf, SESSION_ENDED } from "@/lib/dashboard/action-errors";
import type { FormResult } from "@/lib/forms";
import { getWorkspaceActorOrThrow } from "@/lib/workspaces/actor";
import { updateWorkspace, type UpdateWorkspaceInput, type WorkspaceSettingsView } from "@/lib/workspaces/update-workspace";

/** Name, slug and the portal switch. A new slug moves every page: the browser follows it. */
export async function updateWorkspaceAction(slug: string, input: UpdateWorkspaceInput): Promise<FormResult<WorkspaceSettingsView>> {
  const user = await guardAction();
  if (!user) return SESSION_ENDED;
  try {
    const actor = await getWorkspaceActorOrThrow(user.id, slug);
    const updated = await updateWorkspace(actor, input);
    revalidatePath(`/w/${updated.slug}`, "layout");
    return { ok: true, data: updated };
  } catch (error) {
    return formFailureOf(error, "updateWorkspaceAction");
  }
}
