"use server";

import type { SaveNoteResult } from "@/components/changelog/changelog-actions";
import { createReleaseNote } from "@/lib/domain/changelog/create-release-note";
import { deleteReleaseNote } from "@/lib/domain/changelog/delete-release-note";
import { getEditorNote } from "@/lib/domain/changelog/get-changelog-dashboard";
import type { CreateReleaseNoteBody, UpdateReleaseNoteBody } from "@/lib/domain/changelog/schemas";
import { StaleReleaseNoteError, updateReleaseNote } from "@/lib/domain/changelog/update-release-note";
import { feedbackChanged, refreshAfterChange } from "@/lib/platform/cache/refresh-after-change";
import { runWorkspaceAction } from "@/lib/surfaces/dashboard/workspace-action";

// The changelog editor's server actions. Each runs the domain function (which checks
// changelog.manage itself); a change re-renders the workspace and drops the portal's cached
// answers, so the portal, its JSON and the feed follow at once (scheduled notes at their time).

export async function createNoteAction(slug: string, input: CreateReleaseNoteBody) {
  return runWorkspaceAction(slug, "createNoteAction", (actor) => createReleaseNote(actor, input), feedbackChanged(slug));
}

/**
 * Saves on the version the editor was opened with. If someone saved in between, nothing is
 * written and the answer carries their version, for the editor to show.
 */
export async function saveNoteAction(slug: string, id: string, input: UpdateReleaseNoteBody): Promise<SaveNoteResult> {
  const result = await runWorkspaceAction(slug, "saveNoteAction", async (actor) => {
    try {
      await updateReleaseNote(actor, String(id), input);
      return { saved: await getEditorNote(actor.db, String(id)), stale: null };
    } catch (error) {
      if (error instanceof StaleReleaseNoteError) return { saved: null, stale: { message: error.message, current: await getEditorNote(actor.db, String(id)) } };
      throw error;
    }
  });
  if (!result.ok) return result;
  const { saved, stale } = result.data;
  if (stale?.current) return { ok: false, fieldErrors: { form: stale.message }, current: stale.current };
  if (!saved) return { ok: false, fieldErrors: { form: "This release note was deleted, perhaps in another tab." } };
  refreshAfterChange(feedbackChanged(slug));
  return { ok: true, data: saved };
}

export async function deleteNoteAction(slug: string, id: string) {
  return runWorkspaceAction(slug, "deleteNoteAction", (actor) => deleteReleaseNote(actor, String(id)), feedbackChanged(slug));
}
