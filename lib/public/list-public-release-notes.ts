import { keysetArgs, toPage, type SortSpec } from "@/lib/core/pagination";
import { nextPublication } from "@/lib/changelog/next-publication";
import { publishedBy } from "@/lib/changelog/published";
import type { ScopedDb } from "@/lib/db/scoped";
import type { PageOnlyQuery } from "./schemas";
import { publicReleaseNoteView } from "@/lib/changelog/view";

export const RELEASE_NOTE_SORT: SortSpec = { name: "published", field: "publishedAt", direction: "desc", kind: "date" };

/**
 * Live release notes, newest first: drafts never appear, a scheduled note from its `publishedAt`
 * on. `validUntil` is the next scheduled note's moment, when this answer stops being true.
 */
export async function listPublicReleaseNotes(db: ScopedDb, query: PageOnlyQuery, now = new Date()) {
  const page = keysetArgs(RELEASE_NOTE_SORT, query.cursor, query.limit);
  const [rows, validUntil] = await Promise.all([
    db.releaseNote.findMany({
      where: { AND: [publishedBy(now), page.where] },
      orderBy: page.orderBy,
      take: page.take,
      select: { id: true, title: true, body: true, publishedAt: true },
    }),
    nextPublication(db, now),
  ]);
  return { ...toPage(rows, RELEASE_NOTE_SORT, query.limit, publicReleaseNoteView), validUntil };
}
