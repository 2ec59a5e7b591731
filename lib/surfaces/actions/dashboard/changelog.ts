"use server";

import { createReleaseNote } from "@/lib/domain/changelog/create-release-note";
import { deleteReleaseNote } from "@/lib/domain/changelog/delete-release-note";
import { getEditorNote, type EditorNote } from "@/lib/domain/changelog/get-changelog-dashboard";
import type { CreateReleaseNoteBody, UpdateReleaseNoteBody } from "@/lib/domain/changelog/schemas";
import { StaleReleaseNoteError, updateReleaseNote } from "@/lib/domain/changelog/update-release-note";
import { feedbackChanged } from "@/lib/platform/cache/refresh-after-change";
import type { FormResult } from "@/lib/platform/forms/forms";
import { serverAction } from "@/lib/surfaces/actions/server-action";
import { runWorkspaceAction } from "@/lib/surfaces/actions/workspace-action";

// The changelog editor's server actions. Each runs the domain function (which checks
// changelog.manage itself); a change re-renders the workspace and drops the portal's cached
// answers, so the portal, its JSON and the feed follow at once (scheduled notes at their time).

export async function createNoteAction(slug: string, input: CreateReleaseNoteBody) {
  return runWorkspaceAction(slug, "createNoteAction", (actor) => createReleaseNote(actor, input), feedbackChanged(slug));
}

/** A save answers the saved note, or, when someone saved in between, their version to show. */
export type SaveNoteResult = FormResult<EditorNote> | { ok: false; fieldErrors: Record<string, string>; current: EditorNote };

/**
 * Saves on the version the editor was opened with. If someone saved in between, nothing is
 * written and the answer carries their version, for the editor to show.
 */
export async function saveNoteAction(slug: string, id: string, input: UpdateReleaseNoteBody): Promise<SaveNoteResult> {
  return serverAction(
    { context: "saveNoteAction", caller: { workspace: slug }, stale: (answer: SaveNoteResult) => (answer.ok ? feedbackChanged(slug) : undefined) },
    async (actor): Promise<SaveNoteResult> => {
      try {
        await updateReleaseNote(actor, String(id), input);
      } catch (error) {
        if (!(error instanceof StaleReleaseNoteError)) throw error;
        const current = await getEditorNote(actor.db, String(id));
        if (current) return { ok: false, fieldErrors: { form: error.message }, current };
      }
      const saved = await getEditorNote(actor.db, String(id));
      if (!saved) return { ok: false, fieldErrors: { form: "This release note was deleted, perhaps in another tab." } };
      return { ok: true, data: saved };
    },
  );
}

export async function deleteNoteAction(slug: string, id: string) {
  return runWorkspaceAction(slug, "deleteNoteAction", (actor) => deleteReleaseNote(actor, String(id)), feedbackChanged(slug));
}
