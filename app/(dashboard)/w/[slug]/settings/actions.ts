"use server";

import { guardAction } from "@/lib/surfaces/auth/guard-action";
import { portalChanged, refreshAfterChange } from "@/lib/platform/cache/refresh-after-change";
import { answerOutage, formFailureOf, SESSION_ENDED, type FormResult } from "@/lib/platform/forms/forms";
import type { BrandingView } from "@/lib/domain/branding/branding-view";
import { removeWorkspaceLogo } from "@/lib/domain/branding/remove-logo";
import { setWorkspaceLogo } from "@/lib/domain/branding/set-logo";
import { updateAccentColor, type UpdateAccentInput } from "@/lib/domain/branding/update-accent";
import { getWorkspaceActorOrThrow, type WorkspaceActor } from "@/lib/domain/access/actor";
import { deleteWorkspace, type DeleteWorkspaceInput } from "@/lib/domain/workspaces/delete-workspace";
import { leaveWorkspace } from "@/lib/domain/workspaces/leave-workspace";
import { updatePortalLanguages, type UpdatePortalLanguagesInput } from "@/lib/domain/workspaces/update-portal-languages";
import { updateWorkspace, type UpdateWorkspaceInput, type WorkspaceSettingsView } from "@/lib/domain/workspaces/update-workspace";
import type { PortalLanguages } from "@/lib/platform/i18n/locales";


/** Name, slug and the portal switch. A new slug moves every page: the browser follows it. */
export async function updateWorkspaceAction(slug: string, input: UpdateWorkspaceInput): Promise<FormResult<WorkspaceSettingsView>> {
  return answerOutage("updateWorkspaceAction", async (): Promise<FormResult<WorkspaceSettingsView>> => {
    const user = await guardAction();
    if (!user) return SESSION_ENDED;
    try {
      const actor = await getWorkspaceActorOrThrow(user.id, slug);
      const updated = await updateWorkspace(actor, input);
      refreshAfterChange({ layouts: [`/w/${updated.slug}`] });
      return { ok: true, data: updated };
    } catch (error) {
      return formFailureOf(error, "updateWorkspaceAction");
    }
  });
}

/** The portal's default and offered languages; the portal's pages follow at once. */
export async function updatePortalLanguagesAction(slug: string, input: UpdatePortalLanguagesInput): Promise<FormResult<PortalLanguages>> {
  return answerOutage("updatePortalLanguagesAction", async (): Promise<FormResult<PortalLanguages>> => {
    const user = await guardAction();
    if (!user) return SESSION_ENDED;
    try {
      const actor = await getWorkspaceActorOrThrow(user.id, slug);
      const saved = await updatePortalLanguages(actor, input);
      refreshAfterChange(portalChanged(slug));
      return { ok: true, data: saved };
    } catch (error) {
      return formFailureOf(error, "updatePortalLanguagesAction");
    }
  });
}

// Leaving and deleting end with the browser on /workspaces; nothing here is revalidated, since a
// refresh of this page would only render its 404 while the browser navigates away.

export async function leaveWorkspaceAction(slug: string): Promise<FormResult<{ left: true }>> {
  return answerOutage("leaveWorkspaceAction", async (): Promise<FormResult<{ left: true }>> => {
    const user = await guardAction();
    if (!user) return SESSION_ENDED;
    try {
      await leaveWorkspace(await getWorkspaceActorOrThrow(user.id, slug));
      return { ok: true, data: { left: true } };
    } catch (error) {
      return formFailureOf(error, "leaveWorkspaceAction");
    }
  });
}

export async function deleteWorkspaceAction(slug: string, input: DeleteWorkspaceInput): Promise<FormResult<{ name: string }>> {
  return answerOutage("deleteWorkspaceAction", async (): Promise<FormResult<{ name: string }>> => {
    const user = await guardAction();
    if (!user) return SESSION_ENDED;
    try {
      const deleted = await deleteWorkspace(await getWorkspaceActorOrThrow(user.id, slug), input);
      return { ok: true, data: { name: deleted.name } };
    } catch (error) {
      return formFailureOf(error, "deleteWorkspaceAction");
    }
  });
}

// The portal's branding. Each re-checks the session and the role (in the domain function); the
// portal renders afresh so visitors see the change on their next page.
async function brandingAction(context: string, slug: string, change: (actor: WorkspaceActor) => Promise<BrandingView>): Promise<FormResult<BrandingView>> {
  return answerOutage(context, async (): Promise<FormResult<BrandingView>> => {
    const user = await guardAction();
    if (!user) return SESSION_ENDED;
    try {
      const saved = await change(await getWorkspaceActorOrThrow(user.id, slug));
      refreshAfterChange({ layouts: [`/w/${slug}`, `/p/${slug}`] });
      return { ok: true, data: saved };
    } catch (error) {
      return formFailureOf(error, context);
    }
  });
}

export async function updateAccentAction(slug: string, input: UpdateAccentInput): Promise<FormResult<BrandingView>> {
  return brandingAction("updateAccentAction", slug, (actor) => updateAccentColor(actor, input));
}

/** The logo comes as a form's file field "logo"; the server caps the whole body at 1 MB before this runs. */
export async function uploadLogoAction(slug: string, form: FormData): Promise<FormResult<BrandingView>> {
  return brandingAction("uploadLogoAction", slug, (actor) => setWorkspaceLogo(actor, form instanceof FormData ? form.get("logo") : null));
}

export async function removeLogoAction(slug: string): Promise<FormResult<BrandingView>> {
  return brandingAction("removeLogoAction", slug, (actor) => removeWorkspaceLogo(actor));
}
