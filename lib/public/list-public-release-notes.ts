import { keysetArgs, toPage, type SortSpec } from "@/lib/api/pagination";
import type { ScopedDb } from "@/lib/db/scoped";
import type { PageOnlyQuery } from "./schemas";
import { publicReleaseNoteView } from "./views";

export const RELEASE_NOTE_SORT: SortSpec = { name: "published", field: "publishedAt", direction: "desc", kind: "date" };

/** Published release notes, newest first. Drafts never appear. */
export async function listPublicReleaseNotes(db: ScopedDb, query: PageOnlyQuery) {
  const page = keysetArgs(RELEASE_NOTE_SORT, query.cursor, query.limit);
  const rows = await db.releaseNote.findMany({
    where: { AND: [{ status: "published", publishedAt: { not: null } }, page.where] },
    orderBy: page.orderBy,
    take: page.take,
    select: { id: true, title: true, body: true, publishedAt: true },
  });
  return toPage(rows, RELEASE_NOTE_SORT, query.limit, publicReleaseNoteView);
}
