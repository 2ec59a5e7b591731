import type { SearchPostsAction } from "@/components/roadmap/roadmap-actions";
import type { createReleaseNote } from "@/lib/domain/changelog/create-release-note";
import type { deleteReleaseNote } from "@/lib/domain/changelog/delete-release-note";
import type { EditorNote } from "@/lib/domain/changelog/get-changelog-dashboard";
import type { NoteState } from "@/lib/domain/access/published-release-notes";
import type { CreateReleaseNoteBody, UpdateReleaseNoteBody } from "@/lib/domain/changelog/schemas";
import type { FormAction, FormResult, Resolved } from "@/lib/platform/forms/forms";

/** A save answers the saved note, or, when someone saved in between, their version to show. */
export type SaveNoteResult = FormResult<EditorNote> | { ok: false; fieldErrors: Record<string, string>; current: EditorNote };

/** The changelog editor's server actions, handed down by its page. */
export interface ChangelogActions {
  createNote: FormAction<[slug: string, input: CreateReleaseNoteBody], Resolved<typeof createReleaseNote>>;
  saveNote: (slug: string, id: string, input: UpdateReleaseNoteBody) => Promise<SaveNoteResult>;
  deleteNote: FormAction<[slug: string, id: string], Resolved<typeof deleteReleaseNote>>;
  searchPosts: SearchPostsAction;
}

export const STATE_LABELS: Record<NoteState, string> = { draft: "Draft", scheduled: "Scheduled", published: "Published" };
export const STATE_TONES: Record<NoteState, string> = {
  draft: "bg-slate-100 text-slate-700 ring-slate-200",
  scheduled: "bg-amber-50 text-amber-800 ring-amber-200",
  published: "bg-emerald-50 text-emerald-800 ring-emerald-200",
};

export function NoteStateBadge({ state }: { state: NoteState }) {
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STATE_TONES[state]}`}>{STATE_LABELS[state]}</span>;
}
