import { ApiError } from "@/lib/api/error-codes";
import type { ScopedDb } from "@/lib/db/scoped";
import { publicReleaseNoteView } from "./views";

/** One published release note; a draft is not found. */
export async function getPublicReleaseNote(db: ScopedDb, id: string) {
  const note = await db.releaseNote.findFirst({
    where: { id, status: "published", publishedAt: { not: null } },
    select: { id: true, title: true, body: true, publishedAt: true },
  });
  if (!note) throw new ApiError("NOT_FOUND", "Release note not found.");
  return publicReleaseNoteView(note);
}
