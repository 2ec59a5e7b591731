"use server";

import { runWorkspaceAction } from "@/lib/surfaces/actions/workspace-action";
import { portalChanged } from "@/lib/platform/cache/refresh-after-change";
import type { BrandingView } from "@/lib/domain/branding/branding-view";
import { removeWorkspaceLogo } from "@/lib/domain/branding/remove-logo";
import { setWorkspaceLogo } from "@/lib/domain/branding/set-logo";
import { updateAccentColor, type UpdateAccentInput } from "@/lib/domain/branding/update-accent";
import type { WorkspaceActor } from "@/lib/domain/access/actor";
import { deleteWorkspace, type DeleteWorkspaceInput } from "@/lib/domain/workspaces/delete-workspace";
import { leaveWorkspace } from "@/lib/domain/workspaces/leave-workspace";
import { updatePortalLanguages, type UpdatePortalLanguagesInput } from "@/lib/domain/workspaces/update-portal-languages";
import { updateWorkspace, type UpdateWorkspaceInput } from "@/lib/domain/workspaces/update-workspace";

/** Name, slug and the portal switch. A new slug moves every page: the browser follows it. */
export async function updateWorkspaceAction(slug: string, input: UpdateWorkspaceInput) {
  return runWorkspaceAction(slug, "updateWorkspaceAction", (actor) => updateWorkspace(actor, input), (answer) =>
    answer.ok ? { layouts: [`/w/${answer.data.slug}`] } : undefined,
  );
}

/** The portal's default and offered languages; the portal's pages and cached answers follow at once. */
export async function updatePortalLanguagesAction(slug: string, input: UpdatePortalLanguagesInput) {
  return runWorkspaceAction(slug, "updatePortalLanguagesAction", (actor) => updatePortalLanguages(actor, input), portalChanged(slug));
}

// Leaving and deleting end with the browser on /workspaces; no page is revalidated, since a refresh
// of this one would only render its 404 while the browser navigates away.

export async function leaveWorkspaceAction(slug: string) {
  return runWorkspaceAction(slug, "leaveWorkspaceAction", async (actor) => {
    await leaveWorkspace(actor);
    return { left: true as const };
  });
}

/** This instance's cached public answers of the deleted workspace go at once (the others' on the database's notice). */
export async function deleteWorkspaceAction(slug: string, input: DeleteWorkspaceInput) {
  return runWorkspaceAction(slug, "deleteWorkspaceAction", (actor) => deleteWorkspace(actor, input), (answer) =>
    answer.ok ? { publicAnswersOf: answer.data.slug } : undefined,
  );
}

// The portal's branding. The domain function checks the role; the portal renders afresh so
// visitors see the change on their next page.
function brandingAction(context: string, slug: string, change: (actor: WorkspaceActor) => Promise<BrandingView>) {
  return runWorkspaceAction(slug, context, change, { layouts: [`/w/${slug}`, `/p/${slug}`] });
}

export async function updateAccentAction(slug: string, input: UpdateAccentInput) {
  return brandingAction("updateAccentAction", slug, (actor) => updateAccentColor(actor, input));
}

/** The logo comes as a form's file field "logo"; the server caps the whole body at 1 MB before this runs. */
export async function uploadLogoAction(slug: string, form: FormData) {
  return brandingAction("uploadLogoAction", slug, (actor) => setWorkspaceLogo(actor, form instanceof FormData ? form.get("logo") : null));
}

export async function removeLogoAction(slug: string) {
  return brandingAction("removeLogoAction", slug, (actor) => removeWorkspaceLogo(actor));
}
