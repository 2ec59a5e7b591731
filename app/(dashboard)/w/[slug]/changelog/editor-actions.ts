import type { ChangelogActions } from "@/components/changelog/changelog-actions";
import { searchPostsAction } from "../roadmap/actions";
import { createNoteAction, deleteNoteAction, saveNoteAction } from "./actions";

/** What the editor pages hand the editor (the post search is the roadmap picker's). */
export const editorActions: ChangelogActions = { createNote: createNoteAction, saveNote: saveNoteAction, deleteNote: deleteNoteAction, searchPosts: searchPostsAction };
