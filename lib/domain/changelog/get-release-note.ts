import type { Audience } from "@/lib/platform/core/audience";
import { DomainError } from "@/lib/platform/core/errors";
import type { ScopedDb, ScopedTx } from "@/lib/platform/db/scoped";
import { releaseNotesVisibleTo } from "@/lib/domain/access/visibility";
import { nextPublication } from "./next-publication";
import type { NoteStateFilter } from "./schemas";
import { publicReleaseNoteView, releaseNoteView, WITH_POST_IDS } from "./view";

export const RELEASE_NOTE_NOT_FOUND = "Release note not found.";

/**
 * One note in the given state (`published` unless the caller may see more), as the API shows it: a
 * note in another state, or one the audience may not see, answers exactly like an unknown id, so
 * read-only keys learn nothing of drafts.
 */
export async function getReleaseNote(db: ScopedDb, audience: Audience, id: string, state: NoteStateFilter = "published", now = new Date()) {
  const note = await db.releaseNote.findFirst({ where: { AND: [{ id }, releaseNotesVisibleTo(audience, now, state)] }, include: WITH_POST_IDS });
  if (!note) throw new DomainError("NOT_FOUND", RELEASE_NOTE_NOT_FOUND);
  return releaseNoteView(note, now);
}

/**
 * One note in the portal's view; for the public a draft, or a note scheduled for later, is not
 * found (until its time). `validUntil` is the next scheduled note's moment.
 */
export async function getPublicReleaseNote(db: ScopedDb, audience: Audience, id: string, now = new Date()) {
  const [note, validUntil] = await Promise.all([
    db.releaseNote.findFirst({ where: { AND: [{ id }, releaseNotesVisibleTo(audience, now)] }, select: { id: true, title: true, body: true, publishedAt: true } }),
    nextPublication(db, now),
  ]);
  if (!note) throw new DomainError("NOT_FOUND", RELEASE_NOTE_NOT_FOUND);
  return { data: publicReleaseNoteView(note), validUntil };
}

export async function getReleaseNoteRowOrThrow(tx: ScopedTx, id: string) {
  const note = await tx.releaseNote.findUnique({ where: { id }, include: WITH_POST_IDS });
  if (!note) throw new DomainError("NOT_FOUND", RELEASE_NOTE_NOT_FOUND);
  return note;
}
