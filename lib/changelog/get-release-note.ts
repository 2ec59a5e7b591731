import { ApiError } from "@/lib/api/error-codes";
import type { ScopedDb } from "@/lib/db/scoped";
import { PUBLISHED } from "./published";
import { releaseNoteView } from "./view";

/** A draft answers exactly like an unknown id, so the API does not reveal unpublished notes. */
export async function getPublishedReleaseNote(db: ScopedDb, id: string) {
  const note = await db.releaseNote.findFirst({ where: { id, ...PUBLISHED } });
  if (!note) throw new ApiError("NOT_FOUND", "Release note not found.");
  return releaseNoteView(note);
}
