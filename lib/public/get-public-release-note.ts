import { DomainError } from "@/lib/core/errors";
import { nextPublication } from "@/lib/changelog/next-publication";
import { publishedBy } from "@/lib/changelog/published";
import type { ScopedDb } from "@/lib/db/scoped";
import { publicReleaseNoteView } from "@/lib/changelog/view";

/** One live release note; a draft, or a note scheduled for later, is not found (until its time). */
export async function getPublicReleaseNote(db: ScopedDb, id: string, now = new Date()) {
  const [note, validUntil] = await Promise.all([
    db.releaseNote.findFirst({ where: { AND: [{ id }, publishedBy(now)] }, select: { id: true, title: true, body: true, publishedAt: true } }),
    nextPublication(db, now),
  ]);
  if (!note) throw new DomainError("NOT_FOUND", "Release note not found.");
  return { data: publicReleaseNoteView(note), validUntil };
}
