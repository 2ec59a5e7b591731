import { DomainError } from "@/lib/core/errors";
import type { ScopedDb, ScopedTx } from "@/lib/db/scoped";
import { stateWhere } from "./published";
import type { NoteStateFilter } from "./schemas";
import { releaseNoteView, WITH_POST_IDS } from "./view";

export const RELEASE_NOTE_NOT_FOUND = "Release note not found.";

/**
 * One note in the given state (`published` unless the caller may see more): a note in another
 * state answers exactly like an unknown id, so read-only keys learn nothing of drafts.
 */
export async function getReleaseNote(db: ScopedDb, id: string, state: NoteStateFilter = "published", now = new Date()) {
  const note = await db.releaseNote.findFirst({ where: { AND: [{ id }, stateWhere(state, now)] }, include: WITH_POST_IDS });
  if (!note) throw new DomainError("NOT_FOUND", RELEASE_NOTE_NOT_FOUND);
  return releaseNoteView(note, now);
}

export async function getReleaseNoteRowOrThrow(tx: ScopedTx, id: string) {
  const note = await tx.releaseNote.findUnique({ where: { id }, include: WITH_POST_IDS });
  if (!note) throw new DomainError("NOT_FOUND", RELEASE_NOTE_NOT_FOUND);
  return note;
}
